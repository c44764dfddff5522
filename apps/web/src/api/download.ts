import { saveFile } from '../lib/download';
import { ApiError, renewTokens, tokenStore } from './client';

/**
 * Downloads a file a signed-in call answers (a ticket's PDF, the dashboard's CSV). The call needs the
 * Bearer header, so it is a fetch and a blob, not a plain link; an expired access token is renewed once.
 */
export async function downloadSignedIn(url: string, fileName: string): Promise<void> {
  const get = (token: string | null) =>
    fetch(url, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  let res = await get(tokenStore.access());
  if (res.status === 401) res = await get(await renewTokens());
  if (!res.ok) throw new ApiError(res.status, await res.json().catch(() => null));
  saveFile(await res.blob(), fileName);
}
