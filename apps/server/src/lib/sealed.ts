/**
 * Secrets the server must read back (it signs with them, or checks an authenticator's codes with them),
 * stored sealed: AES-256-GCM under a key derived from the server secret by HKDF, one key per purpose. A
 * value sealed under another server secret (JWT_SECRET changed) opens to null, as does one sealed with
 * other additional data (`boundTo`: a row's own id, so a secret copied onto another row does not open).
 */
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

function keyFor(secret: string, purpose: string): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, 'rome-tickets', purpose, 32));
}

/** `iv.tag.body`, each base64url. */
export function seal(secret: string, purpose: string, plain: Buffer, boundTo?: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyFor(secret, purpose), iv);
  if (boundTo !== undefined) cipher.setAAD(Buffer.from(boundTo));
  const body = Buffer.concat([cipher.update(plain), cipher.final()]);
  return [iv, cipher.getAuthTag(), body].map((b) => b.toString('base64url')).join('.');
}

export function openSealed(secret: string, purpose: string, sealed: string, boundTo?: string): Buffer | null {
  const [iv, tag, body] = sealed.split('.').map((p) => Buffer.from(p, 'base64url'));
  if (!iv || !tag || !body) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', keyFor(secret, purpose), iv);
    if (boundTo !== undefined) decipher.setAAD(Buffer.from(boundTo));
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(body), decipher.final()]);
  } catch {
    return null;
  }
}
