/**
 * How a client names a call (the contract's key) and what it sends with it, for every client of the
 * API: the storefront (`apps/web/src/api/client.ts`) and the agents' app (`apps/web/src/agent/
 * agent-api.ts`, its own build) build their requests with this, so both are typed by the same entries.
 * Types only from the schemas: no zod reaches a browser through this file.
 */
import type { ApiBody, ApiKey, ApiParams, ApiQuery } from './api';

/** What a call takes besides its key: the contract's params, query and body for that call. */
export type CallInput<K extends ApiKey> = (ApiParams<K> extends undefined
  ? { params?: undefined }
  : { params: ApiParams<K> }) &
  (ApiQuery<K> extends undefined ? { query?: undefined } : { query: ApiQuery<K> }) &
  (ApiBody<K> extends undefined ? { body?: FormBody } : { body: ApiBody<K> });

/** A multipart body (the browser's FormData) for the calls whose route reads a form itself. */
export type FormBody = { append(name: string, value: string): void };

/**
 * A query value as a form encodes it (what URLSearchParams writes: space as '+', only `*-._` and
 * letters and digits left as they are); the contract has no DOM or Node types to use the class itself.
 */
const formEncode = (value: string) =>
  encodeURIComponent(value)
    .replace(/%20/g, '+')
    .replace(/[!'()~]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/**
 * 'GET /api/success/:uniqueId/' with {uniqueId: 'x y'} -> ['GET', 'success/x%20y/'] (under /api/);
 * a call outside /api/ keeps its absolute path ('GET /bus.json' -> ['GET', '/bus.json']).
 */
export function callPath(key: string, params?: Record<string, unknown>, query?: Record<string, unknown>) {
  const [method, pattern] = key.split(' ');
  const path = pattern
    .replace(/^\/api\//, '')
    .replace(/:(\w+)/g, (_, name) => encodeURIComponent(String(params?.[name] ?? '')));
  const qs = query
    ? Object.entries(query)
        .filter(([, v]) => v !== undefined && v !== null)
        .map(([k, v]) => `${formEncode(k)}=${formEncode(String(v))}`)
        .join('&')
    : '';
  return { method, path: qs ? `${path}?${qs}` : path };
}
