/** Password and secret hashing: argon2id with the library's recommended parameters. */
import { hash, verify } from '@node-rs/argon2';

const ARGON2ID = 2; // Algorithm.Argon2id (a const enum, spelled out for isolated modules)

export const hashSecret = (plain: string): Promise<string> => hash(plain, { algorithm: ARGON2ID });

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
