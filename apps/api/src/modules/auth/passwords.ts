import { hash, verify } from '@node-rs/argon2';
import { randomBytes } from 'node:crypto';

/**
 * argon2id with OWASP's recommended minimum (19 MiB, 2 passes, 1 lane).
 * `algorithm: 2` is Algorithm.Argon2id; the package exports it as a const enum,
 * which isolated modules cannot import.
 */
const ARGON2ID = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2ID);
}

/** Computed once: unknown emails are checked against it so they take as long as known ones. */
let decoyHash: Promise<string> | undefined;

/**
 * True when `password` matches `passwordHash`. A missing hash (no account, or no password
 * set yet) still costs one full verification, so timing does not reveal which case it was.
 */
export async function verifyPassword(
  passwordHash: string | null | undefined,
  password: string,
): Promise<boolean> {
  if (!passwordHash) {
    decoyHash ??= hashPassword(randomBytes(16).toString('hex'));
    await verify(await decoyHash, password).catch(() => false);
    return false;
  }
  return verify(passwordHash, password).catch(() => false);
}

/** A random password for generated accounts: 24 characters from a URL-safe alphabet. */
export function generatePassword(): string {
  return randomBytes(18).toString('base64url');
}
