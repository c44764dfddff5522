/**
 * HS256 JWT signing with node:crypto's synchronous HMAC (to cut the sign-in's own cost): jose's
 * SignJWT goes through WebCrypto, which imports the key again and queues the HMAC on the thread pool
 * for every token, about 0.3 ms of CPU each; a sign-in signs two. The tokens are the same compact
 * JWS (header {"alg":"HS256","typ":"JWT"}); jose still verifies them (tokens.ts decode), so only
 * HS256 is accepted there as before.
 */
import { createHmac, createSecretKey, type KeyObject } from 'node:crypto';

const HEADER = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT' })).toString('base64url');

export type Hs256Signer = (claims: Record<string, unknown>) => string;

export function hs256Signer(secret: Uint8Array): Hs256Signer {
  // The key object is made once: HMAC with it skips copying the secret for every token.
  const key: KeyObject = createSecretKey(secret);
  return (claims) => {
    const signingInput = `${HEADER}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}`;
    return `${signingInput}.${createHmac('sha256', key).update(signingInput).digest('base64url')}`;
  };
}
