/**
 * The media library's calls (spec §7): GET media-library/ (public), POST media-library/create/
 * (multipart, with upload progress), PATCH media-library/{id}/update/ (only changed fields) and
 * DELETE media-library/{id}/delete/. Messages are the spec's (§5, §8).
 */
import { MEDIA_TYPES, type MediaItem, type MediaType } from '@rome/contract';
import { queryOptions } from '@tanstack/react-query';
import { ApiError, api, renewTokens, tokenStore } from '../../api/client';

export const MEDIA_MESSAGES = {
  auth: 'Authentication required - Please log in',
  selectFile: 'Please select a file',
  loadFailed: 'Failed to load media library',
  fetchFailed: 'Failed to fetch media',
  uploaded: 'Media uploaded successfully!',
  uploadFailed: 'Failed to upload media',
  uploadStatus: (status: number) => `Upload failed with status ${status}`,
  updateFailed: 'Update failed',
  updateNetwork: 'Failed to update media',
  deleted: 'Media deleted successfully!',
  deleteFailed: 'Delete failed',
  deleteNetwork: 'Failed to delete media',
  deleteConfirm: (name: string) => `Are you sure you want to delete "${name}"?`,
} as const;

/** Human names of the editable fields for 'Media {field} updated successfully!'. */
const FIELD_LABELS: Record<string, string> = { name: 'name', alt_text: 'alt text' };

export const updatedMessage = (fields: string[]): string =>
  fields.length === 1
    ? `Media ${FIELD_LABELS[fields[0]] ?? fields[0]} updated successfully!`
    : `Media ${fields.length} fields updated successfully!`;

export const mediaKey = ['media-library'] as const;

export const mediaQuery = queryOptions({
  queryKey: mediaKey,
  queryFn: async ({ signal }) => {
    try {
      return (await api<{ data: MediaItem[] }>('media-library/', { signal, auth: false })).data ?? [];
    } catch (err) {
      throw new Error(err instanceof ApiError ? MEDIA_MESSAGES.loadFailed : MEDIA_MESSAGES.fetchFailed);
    }
  },
  staleTime: 30_000,
});

/** Spec §4: the media type follows the file (image, video or other). */
export function mediaTypeOf(file: File): MediaType {
  if (file.type.startsWith('image/')) return 'image';
  if (file.type.startsWith('video/')) return 'video';
  return 'other';
}

export const isMediaType = (v: string): v is MediaType => (MEDIA_TYPES as readonly string[]).includes(v);

/** 'rome-colosseum.final.jpg' -> 'rome-colosseum.final'. */
export const nameFromFile = (file: File): string => file.name.replace(/\.[^.]*$/, '') || file.name;

/** A failed upload: the status (0 for a network failure) and the server's message when it sent one. */
export class UploadError extends Error {
  constructor(
    public status: number,
    public serverMessage: string | null,
  ) {
    super(serverMessage ?? (status ? MEDIA_MESSAGES.uploadStatus(status) : MEDIA_MESSAGES.uploadFailed));
  }
}

function sendUpload(form: FormData, token: string, onProgress?: (percent: number) => void) {
  return new Promise<{ status: number; body: any }>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/media-library/create/');
    xhr.setRequestHeader('accept', 'application/json');
    xhr.setRequestHeader('authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && onProgress) onProgress(Math.round((e.loaded / e.total) * 100));
    };
    xhr.onload = () => {
      let body: any = null;
      try {
        body = xhr.responseText ? JSON.parse(xhr.responseText) : null;
      } catch {
        body = null;
      }
      resolve({ status: xhr.status, body });
    };
    xhr.onerror = () => reject(new UploadError(0, null));
    xhr.onabort = () => reject(new UploadError(0, null));
    xhr.send(form);
  });
}

/**
 * POST media-library/create/ through XMLHttpRequest, so the upload reports its progress. An expired
 * access token is renewed once (as api() does) before giving up.
 */
export async function uploadMedia(
  input: { file: File; name: string; alt_text?: string; media_type: MediaType },
  onProgress?: (percent: number) => void,
): Promise<MediaItem> {
  const token = tokenStore.access();
  if (!token) throw new Error(MEDIA_MESSAGES.auth);
  const form = new FormData();
  form.append('name', input.name);
  if (input.alt_text !== undefined) form.append('alt_text', input.alt_text);
  form.append('media_type', input.media_type);
  form.append('file', input.file);
  let res = await sendUpload(form, token, onProgress);
  if (res.status === 401) {
    const fresh = await renewTokens();
    if (!fresh) throw new Error(MEDIA_MESSAGES.auth);
    res = await sendUpload(form, fresh, onProgress);
  }
  if (res.status < 200 || res.status >= 300 || !res.body?.data) {
    const b = res.body;
    const message = b?.error ?? b?.message ?? b?.detail;
    throw new UploadError(res.status, typeof message === 'string' ? message : null);
  }
  return res.body.data as MediaItem;
}

export async function updateMedia(id: number, changes: Partial<Pick<MediaItem, 'name' | 'alt_text'>>) {
  if (!tokenStore.access()) throw new Error(MEDIA_MESSAGES.auth);
  let res: { data?: MediaItem; success?: boolean };
  try {
    res = await api(`media-library/${id}/update/`, { method: 'PATCH', body: changes });
  } catch (err) {
    if (err instanceof ApiError) throw new Error(err.body?.error ?? MEDIA_MESSAGES.updateFailed);
    throw new Error(MEDIA_MESSAGES.updateNetwork);
  }
  if (!res?.success) throw new Error(MEDIA_MESSAGES.updateFailed);
  return res.data;
}

/** A media item still in use answers 409 with the places that use it; that message is shown as is. */
export async function deleteMedia(id: number): Promise<void> {
  if (!tokenStore.access()) throw new Error(MEDIA_MESSAGES.auth);
  let res: { success?: boolean };
  try {
    res = await api(`media-library/${id}/delete/`, { method: 'DELETE' });
  } catch (err) {
    if (err instanceof ApiError) throw new Error(err.body?.error ?? MEDIA_MESSAGES.deleteFailed);
    throw new Error(MEDIA_MESSAGES.deleteNetwork);
  }
  if (!res?.success) throw new Error(MEDIA_MESSAGES.deleteFailed);
}

/** Spec §5/§9: red above 90 % of the upload limit, orange above 75 %, green otherwise. */
export function sizeTone(bytes: number, limitBytes: number): 'red' | 'orange' | 'green' {
  const ratio = bytes / limitBytes;
  if (ratio > 0.9) return 'red';
  if (ratio > 0.75) return 'orange';
  return 'green';
}

/** A readable size for the library's list: '812 KB', '2.4 MB'. */
export function readableSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
