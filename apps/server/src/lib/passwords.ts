/**
 * Password and secret hashing: argon2id at OWASP's minimum parameters (decision 022): 19 MiB of
 * memory, 2 passes, 1 lane. Written out, not left to the library's defaults, so a library update
 * cannot change the cost of every sign-in unnoticed. A stored hash carries its own parameters, so
 * hashes made with others keep verifying.
 */
import { hash, verify } from '@node-rs/argon2';

const ARGON2ID = 2; // Algorithm.Argon2id (a const enum, spelled out for isolated modules)
export const PASSWORD_HASH = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const hashSecret = (plain: string): Promise<string> =>
  hash(plain, { algorithm: ARGON2ID, ...PASSWORD_HASH });

export async function verifySecret(hashed: string, plain: string): Promise<boolean> {
  try {
    return await verify(hashed, plain);
  } catch {
    return false;
  }
}

/** A hash of nothing in particular, checked when there is no user, so both paths take as long. */
let dummy: Promise<string> | null = null;
export const dummyHash = (): Promise<string> => {
  dummy ??= hashSecret('not-a-real-password-0000');
  return dummy;
};
