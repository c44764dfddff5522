/**
 * The one way the app talks to the server: JSON over fetch under /api/, with the access token
 * when there is one. Errors carry the status and the server's body so pages can show the spec's text.
 */
export class ApiError extends Error {
  constructor(
    public status: number,
    public body: any,
  ) {
    super(body?.error ?? body?.detail ?? body?.message ?? `HTTP error! status: ${status}`);
  }
}

export const tokenStore = {
  access: () => localStorage.getItem('access'),
  refresh: () => localStorage.getItem('refresh'),
};

type Options = { method?: string; body?: unknown; auth?: boolean; signal?: AbortSignal };

export async function api<T>(path: string, opts: Options = {}): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
  let body: BodyInit | undefined;
  if (opts.body instanceof FormData) body = opts.body;
  else if (opts.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(opts.body);
  }
  const token = tokenStore.access();
  if (opts.auth !== false && token) headers.authorization = `Bearer ${token}`;
  const res = await fetch(`/api/${path.replace(/^\//, '')}`, {
    method: opts.method ?? 'GET',
    headers,
    body,
    signal: opts.signal,
  });
  const text = await res.text();
  let data: any = null;
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      throw new ApiError(res.status, { error: 'Received content is not JSON' });
    }
  }
  if (!res.ok) throw new ApiError(res.status, data);
  return data as T;
}
