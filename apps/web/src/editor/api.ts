/** The editor's calls (spec §7), each needing the stored access token ('Authentication required'). */
import { type ApiAnswer, type ApiBody, MESSAGES } from '@rome/contract';
import { call, errorMessage, tokenStore } from '../api/client';
import { contentQuery } from '../i18n/locale';

export const AUTH_REQUIRED = 'Authentication required';

function requireToken() {
  if (!tokenStore.signedIn()) throw new Error(AUTH_REQUIRED);
}

/** An error's text for the spec's '... : {error}' messages. */
export const reasonOf = (err: unknown, fallback: string): string =>
  err instanceof Error && err.message ? err.message : fallback;

/** POST edit-content/{tag}/: the server sanitises; `page` creates a block that does not exist yet. */
export async function saveContent(
  tag: string,
  content: string,
  page: string,
): Promise<ApiAnswer<'POST /api/edit-content/:tag/'>['data']> {
  if (!tag) throw new Error(MESSAGES.contentTag);
  requireToken();
  try {
    return (
      await call('POST /api/edit-content/:tag/', {
        params: { tag },
        query: contentQuery,
        body: { content, page },
      })
    ).data;
  } catch (err) {
    throw new Error(errorMessage(err, 'Failed to update content'));
  }
}

/** PATCH page-image/{tag}/update/: attaches a media library image to the unique tag. */
export async function updatePageImage(
  tag: string,
  imageId: number,
  page: string,
): Promise<ApiAnswer<'PATCH /api/page-image/:tag/update/'>['data']> {
  if (!tag) throw new Error('Unique tag is required for updating image');
  if (!Number.isInteger(imageId) || imageId <= 0) throw new Error('Invalid image selected');
  requireToken();
  try {
    return (
      await call('PATCH /api/page-image/:tag/update/', { params: { tag }, body: { image_id: imageId, page } })
    ).data;
  } catch (err) {
    throw new Error(errorMessage(err, 'Failed to update page image'));
  }
}

/** Beside the spec: takes the picture off a page image tag, so the page shows its default. */
export async function clearPageImage(tag: string): Promise<void> {
  requireToken();
  try {
    await call('DELETE /api/page-image/:tag/', { params: { tag } });
  } catch (err) {
    throw new Error(errorMessage(err, 'Failed to update page image'));
  }
}

export type PageMetaInput = ApiBody<'PATCH /api/pages/:page/update/'>;

/** PATCH pages/{page}/update/: success when status 200. */
export async function updatePageMeta(page: string, body: PageMetaInput): Promise<void> {
  requireToken();
  try {
    await call('PATCH /api/pages/:page/update/', { params: { page }, query: contentQuery, body });
  } catch (err) {
    throw new Error(errorMessage(err, 'Failed to update meta information'));
  }
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

export type ContactDetailsInput = ApiBody<'PATCH /api/website-settings/'>;

/** PATCH website-settings/ (beside the spec): answers the settings as stored. */
export async function saveContactDetails(body: ContactDetailsInput) {
  requireToken();
  try {
    return (await call('PATCH /api/website-settings/', { body })).data;
  } catch (err) {
    throw new Error(errorMessage(err, 'Failed to update the contact details'));
  }
}
