/**
 * The media library's calls (spec §7): GET media-library/ (public), POST media-library/create/
 * (multipart, with upload progress), PATCH media-library/{id}/update/ (only changed fields) and
 * DELETE media-library/{id}/delete/. Messages are the spec's (§5, §8).
 */
import {
  type ApiAnswer,
  type ApiBody,
  callPath,
  MEDIA_TYPES,
  type MediaItem,
  type MediaType,
} from '@rome/contract';
import { queryOptions } from '@tanstack/react-query';
import { ApiError, call, currentAccess, errorMessage, renewTokens, tokenStore } from '../../api/client';

type Uploaded = ApiAnswer<'POST /api/media-library/create/'>;

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
      return (await call('GET /api/media-library/', {}, { signal, auth: false })).data ?? [];
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

/** The upload's address, from the contract's key (as `call` builds it). */
const UPLOAD_URL = `/api/${callPath('POST /api/media-library/create/').path}`;

function sendUpload(form: FormData, token: string, onProgress?: (percent: number) => void) {
  return new Promise<{ status: number; body: unknown }>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', UPLOAD_URL);
    xhr.setRequestHeader('accept', 'application/json');
    xhr.setRequestHeader('authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && onProgress) onProgress(Math.round((e.loaded / e.total) * 100));
    };
    xhr.onload = () => {
      let body: unknown = null;
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
 * POST media-library/create/ (multipart). Sent through XMLHttpRequest rather than `call`, because only
 * it reports the upload's progress; the address and the answer's type are still the contract's, and an
 * expired access token is renewed once (as `call` does) before giving up.
 */
export async function uploadMedia(
  input: { file: File; name: string; alt_text?: string; media_type: MediaType },
  onProgress?: (percent: number) => void,
): Promise<MediaItem> {
  const token = await currentAccess();
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
  const answer = res.body as Partial<Uploaded> | null;
  if (res.status < 200 || res.status >= 300 || !answer?.data) {
    // The server's message (error, message or detail), read the one way every call's is.
    const message = errorMessage({ body: res.body }, '');
    throw new UploadError(res.status, message || null);
  }
  return answer.data;
}

type MediaChanges = NonNullable<ApiBody<'PATCH /api/media-library/:id/update/'>>;

export async function updateMedia(id: number, changes: Pick<MediaChanges, 'name' | 'alt_text'>) {
  if (!tokenStore.signedIn()) throw new Error(MEDIA_MESSAGES.auth);
  try {
    return (await call('PATCH /api/media-library/:id/update/', { params: { id: String(id) }, body: changes }))
      .data;
  } catch (err) {
    if (err instanceof ApiError) throw new Error(errorMessage(err, MEDIA_MESSAGES.updateFailed));
    throw new Error(MEDIA_MESSAGES.updateNetwork);
  }
}

/** A media item still in use answers 409 with the places that use it; that message is shown as is. */
export async function deleteMedia(id: number): Promise<void> {
  if (!tokenStore.signedIn()) throw new Error(MEDIA_MESSAGES.auth);
  try {
    await call('DELETE /api/media-library/:id/delete/', { params: { id: String(id) } });
  } catch (err) {
    if (err instanceof ApiError) throw new Error(errorMessage(err, MEDIA_MESSAGES.deleteFailed));
    throw new Error(MEDIA_MESSAGES.deleteNetwork);
  }
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
