/**
 * Secrets the shop must read back (an authenticator's TOTP secret: it is needed to check a code, so it
 * cannot be hashed), encrypted at rest with AES-256-GCM (decision 052). The key is derived with HKDF
 * from the server's secret (JWT_SECRET) and a purpose, so a copy of the database alone reads nothing
 * and the key is never the token-signing key itself. Stored as `v1.<iv>.<tag>.<ciphertext>` (base64url).
 * The row's own id is the additional data: a secret copied onto another account does not open.
 */
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

const VERSION = 'v1';

export type SecretBox = {
  seal(plain: string, boundTo: string): string;
  /** The plain text, or null when the box is not one this key sealed for `boundTo`. */
  open(sealed: string, boundTo: string): string | null;
};

export function secretBox(serverSecret: string, purpose: string): SecretBox {
  const key = Buffer.from(hkdfSync('sha256', serverSecret, Buffer.alloc(0), `rome-tickets ${purpose}`, 32));
  return {
    seal(plain, boundTo) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(Buffer.from(boundTo));
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return [VERSION, iv, cipher.getAuthTag(), body]
        .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
        .join('.');
    },
    open(sealed, boundTo) {
      const [version, iv, tag, body] = sealed.split('.');
      if (version !== VERSION || !iv || !tag || body === undefined) return null;
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
        decipher.setAAD(Buffer.from(boundTo));
        decipher.setAuthTag(Buffer.from(tag, 'base64url'));
        return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString(
          'utf8',
        );
      } catch {
        return null;
      }
    },
  };
}
