import { createHmac, createSecretKey, timingSafeEqual, type KeyObject } from 'node:crypto';
import { SignJWT } from 'jose';
import type { Role } from '@registry/domain';

const ISSUER = 'gaited-horse-registry';

export interface TokenClaims {
  userId: string;
  sessionId: string;
  role: Role;
  tokenVersion: number;
}

/**
 * The token key, made once: an HMAC keyed by a KeyObject costs about a sixth of one keyed by
 * bytes, which node:crypto turns into a key again on every call (about 12 against 2 µs here).
 */
export function secretKey(secret: string): KeyObject {
  return createSecretKey(secret, 'utf8');
}

export async function signToken(
  claims: TokenClaims,
  key: KeyObject,
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

/** What a checked token says, and when it stops being valid (epoch ms). */
export interface ReadClaims extends TokenClaims {
  expiresAtMs: number;
}

/** The exact header `signToken` writes: anything else (another alg, `crit`, `b64`) is refused. */
const HEADER = Buffer.from(JSON.stringify({ alg: 'HS256' })).toString('base64url');
const BASE64URL = /^[A-Za-z0-9_-]+$/;

function parseObject(part: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Claims of a well-formed, correctly signed, unexpired token; undefined for anything else.
 *
 * Checked here with node:crypto's HMAC rather than jose's `jwtVerify`, which only uses WebCrypto:
 * an asynchronous job per request that profiled at 15-19 % of an uncached list request
 * (docs/decisions/0057-uncached-read-path.md). Only our own tokens are read: the header must
 * be the one `signToken` writes, and the signature is compared in constant time.
 */
export function readToken(token: string, key: KeyObject): ReadClaims | undefined {
  const parts = token.split('.');
  if (parts.length !== 3) return undefined;
  const [header, body, signature] = parts as [string, string, string];
  if (header !== HEADER || !BASE64URL.test(body) || !BASE64URL.test(signature)) return undefined;
  const expected = createHmac('sha256', key).update(`${header}.${body}`).digest();
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  const payload = parseObject(body);
  if (!payload) return undefined;
  const { sub, sid, role, tv, iss, exp, nbf } = payload;
  const now = Math.floor(Date.now() / 1000);
  if (iss !== ISSUER || typeof exp !== 'number' || exp <= now) return undefined;
  if (nbf !== undefined && (typeof nbf !== 'number' || nbf > now)) return undefined;
  if (
    typeof sub !== 'string' ||
    typeof sid !== 'string' ||
    (role !== 'admin' && role !== 'member') ||
    typeof tv !== 'number'
  ) {
    return undefined;
  }
  return { userId: sub, sessionId: sid, role, tokenVersion: tv, expiresAtMs: exp * 1000 };
}
