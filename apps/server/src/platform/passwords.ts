import { hash, verify } from '@node-rs/argon2';

// Argon2id with OWASP's second recommended profile (19 MiB, 2 passes): memory-hard, ~50 ms here.
const OPTIONS = { memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** A hash of a random password, verified against when the account does not exist, so that timing
 * does not tell which emails have accounts beyond what the spec's status codes already tell. */
export const dummyHash: Promise<string> = hash('not-a-real-password-00', OPTIONS);
