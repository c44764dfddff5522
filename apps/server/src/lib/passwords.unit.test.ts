import { hash } from '@node-rs/argon2';
import { describe, expect, it } from 'vitest';
import { dummyHash, hashSecret, verifySecret } from './passwords';

describe('password hashes (decision 022)', () => {
  it("are argon2id at OWASP's minimum: 19 MiB, 2 passes, 1 lane", async () => {
    const stored = await hashSecret('correct horse battery staple');
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifySecret(stored, 'correct horse battery staple')).toBe(true);
    expect(await verifySecret(stored, 'correct horse battery stapler')).toBe(false);
  });

  it('keep verifying hashes made with other parameters (each hash carries its own)', async () => {
    const older = await hash('an older password', { algorithm: 2, memoryCost: 65_536, timeCost: 3 });
    expect(older).toContain('m=65536,t=3');
    expect(await verifySecret(older, 'an older password')).toBe(true);
  });

  it('refuse a malformed hash as a wrong password, and check a dummy hash of the same cost', async () => {
    expect(await verifySecret('not a hash', 'x')).toBe(false);
    expect(await dummyHash()).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });
});
