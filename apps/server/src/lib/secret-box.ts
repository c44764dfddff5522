/**
 * Text secrets sealed for one row (an authenticator's TOTP secret: it is needed to check a code, so it
 * cannot be hashed; decision 052): `lib/sealed.ts` with the row's id as additional data, stored as
 * `v1.<iv>.<tag>.<ciphertext>` so a later format can be told apart.
 */
import { openSealed, seal } from './sealed';

const VERSION = 'v1';

export type SecretBox = {
  seal(plain: string, boundTo: string): string;
  /** The plain text, or null when the box is not one this key sealed for `boundTo`. */
  open(sealed: string, boundTo: string): string | null;
};

export function secretBox(serverSecret: string, purpose: string): SecretBox {
  return {
    seal: (plain, boundTo) =>
      `${VERSION}.${seal(serverSecret, purpose, Buffer.from(plain, 'utf8'), boundTo)}`,
    open(sealed, boundTo) {
      if (!sealed.startsWith(`${VERSION}.`)) return null;
      return (
        openSealed(serverSecret, purpose, sealed.slice(VERSION.length + 1), boundTo)?.toString('utf8') ?? null
      );
    },
  };
}
