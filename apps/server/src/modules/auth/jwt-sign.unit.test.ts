import { jwtVerify, SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { hs256Signer } from './jwt-sign';

const secret = new TextEncoder().encode('a-test-secret-of-more-than-thirty-two-bytes');
const claims = {
  token_type: 'access',
  iat_ms: 1_764_000_000_123,
  fid: '6f1c2d1e-0000-4000-8000-000000000001',
  sub: '6f1c2d1e-0000-4000-8000-000000000002',
  jti: '6f1c2d1e-0000-4000-8000-000000000003',
  iat: 1_764_000_000,
  exp: 4_000_000_000,
};

describe('hs256Signer', () => {
  it('writes the very token jose SignJWT writes for the same claims', async () => {
    const { sub, jti, iat, exp, ...rest } = claims;
    const fromJose = await new SignJWT(rest)
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(sub)
      .setJti(jti)
      .setIssuedAt(iat)
      .setExpirationTime(exp)
      .sign(secret);
    expect(hs256Signer(secret)(claims)).toBe(fromJose);
  });

  it('is verified by jose with the same secret only, and only untouched', async () => {
    const token = hs256Signer(secret)(claims);
    const { payload, protectedHeader } = await jwtVerify(token, secret, { algorithms: ['HS256'] });
    expect(protectedHeader).toEqual({ alg: 'HS256', typ: 'JWT' });
    expect(payload).toEqual(claims);
    await expect(
      jwtVerify(token, new TextEncoder().encode('another-secret-of-thirty-two-bytes!!')),
    ).rejects.toThrow();
    const [h, , s] = token.split('.');
    const forged = `${h}.${Buffer.from(JSON.stringify({ ...claims, sub: 'someone-else' })).toString('base64url')}.${s}`;
    await expect(jwtVerify(forged, secret)).rejects.toThrow();
  });
});
