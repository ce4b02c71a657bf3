import { SignJWT, jwtVerify } from 'jose';
import type { Role } from '@registry/domain';

const ISSUER = 'gaited-horse-registry';

export interface TokenClaims {
  userId: string;
  sessionId: string;
  role: Role;
  tokenVersion: number;
}

export function secretKey(secret: string): Uint8Array {
  return new TextEncoder().encode(secret);
}

export async function signToken(
  claims: TokenClaims,
  key: Uint8Array,
  ttlSeconds: number,
): Promise<string> {
  return new SignJWT({ sid: claims.sessionId, role: claims.role, tv: claims.tokenVersion })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(claims.userId)
    .setIssuer(ISSUER)
    .setIssuedAt()
    .setExpirationTime(Math.floor(Date.now() / 1000) + ttlSeconds)
    .sign(key);
}

/** Claims of a well-formed, correctly signed, unexpired token; undefined for anything else. */
export async function readToken(token: string, key: Uint8Array): Promise<TokenClaims | undefined> {
  try {
    const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'], issuer: ISSUER });
    const { sub, sid, role, tv } = payload;
    if (
      typeof sub !== 'string' ||
      typeof sid !== 'string' ||
      (role !== 'admin' && role !== 'member') ||
      typeof tv !== 'number'
    ) {
      return undefined;
    }
    return { userId: sub, sessionId: sid, role, tokenVersion: tv };
  } catch {
    return undefined;
  }
}
