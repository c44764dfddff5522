/** The editor's calls (spec §7), each needing the stored access token ('Authentication required'). */
import { MESSAGES } from '@rome/contract';
import { api, call, tokenStore } from '../api/client';
import type { ContentBlock, PageImageFile } from '../features/content/api';

export const AUTH_REQUIRED = 'Authentication required';

function requireToken() {
  if (!tokenStore.access()) throw new Error(AUTH_REQUIRED);
}

/** An error's text for the spec's '... : {error}' messages. */
export const reasonOf = (err: unknown, fallback: string): string =>
  err instanceof Error && err.message ? err.message : fallback;

/** POST edit-content/{tag}/: the server sanitises; `page` creates a block that does not exist yet. */
export async function saveContent(tag: string, content: string, page: string): Promise<ContentBlock> {
  if (!tag) throw new Error(MESSAGES.contentTag);
  requireToken();
  const res = await api<{ status: number; data?: ContentBlock; message?: string }>(
    `edit-content/${encodeURIComponent(tag)}/`,
    { method: 'POST', body: { content, page } },
  );
  if (res?.status !== 200 || !res.data) throw new Error(res?.message ?? 'Failed to update content');
  return res.data;
}

/** PATCH page-image/{tag}/update/: attaches a media library image to the unique tag. */
export async function updatePageImage(
  tag: string,
  imageId: number,
  page: string,
): Promise<{ unique_tag: string; image: PageImageFile | null }> {
  if (!tag) throw new Error('Unique tag is required for updating image');
  if (!Number.isInteger(imageId) || imageId <= 0) throw new Error('Invalid image selected');
  requireToken();
  const res = await api<{ status: number; data?: { unique_tag: string; image: PageImageFile | null } }>(
    `page-image/${encodeURIComponent(tag)}/update/`,
    { method: 'PATCH', body: { image_id: imageId, page } },
  );
  if (res?.status !== 200 || !res.data) throw new Error('Failed to update page image');
  return res.data;
}

export type PageMetaInput = {
  meta_title: string;
  meta_description: string;
  meta_keywords: string;
  schema_json: string | null;
};

/** PATCH pages/{page}/update/: success when status 200. */
export async function updatePageMeta(page: string, body: PageMetaInput): Promise<void> {
  requireToken();
  const res = await api<{ status: number }>(`pages/${encodeURIComponent(page)}/update/`, {
    method: 'PATCH',
    body,
  });
  if (res?.status !== 200) throw new Error('Failed to update meta information');
}

/** GET website-settings/global-head-code/: the stored code ('' when none). */
export async function fetchGlobalHeadCode(): Promise<string> {
  return (await call('GET /api/website-settings/global-head-code/')).global_head_code;
}

/** PATCH website-settings/global-head-code/: answers the code as stored. */
export async function saveGlobalHeadCode(code: string): Promise<string> {
  requireToken();
  const body = { global_head_code: code };
  return (await call('PATCH /api/website-settings/global-head-code/', { body })).global_head_code;
}
