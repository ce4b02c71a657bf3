import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { readToken, secretKey, signToken } from './tokens.js';

const key = secretKey('a-secret-of-at-least-thirty-two-characters');
const claims = { userId: 'u1', sessionId: 's1', role: 'member' as const, tokenVersion: 3 };
const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

describe('readToken', () => {
  it('reads back what signToken wrote', async () => {
    const before = Date.now();
    const read = readToken(await signToken(claims, key, 60), key);
    expect(read).toMatchObject(claims);
    expect(read?.expiresAtMs).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000 + 60_000);
    expect(read?.expiresAtMs).toBeLessThanOrEqual(Date.now() + 60_000);
  });

  it('refuses another key, a changed payload or signature, and a token cut short', async () => {
    const token = await signToken(claims, key, 60);
    const [header, body, signature] = token.split('.') as [string, string, string];
    expect(readToken(token, secretKey('another-secret-of-thirty-two-characters!'))).toBeUndefined();
    const admin = b64({ ...JSON.parse(Buffer.from(body, 'base64url').toString()), role: 'admin' });
    expect(readToken(`${header}.${admin}.${signature}`, key)).toBeUndefined();
    const flipped = signature.startsWith('A') ? `B${signature.slice(1)}` : `A${signature.slice(1)}`;
    expect(readToken(`${header}.${body}.${flipped}`, key)).toBeUndefined();
    expect(readToken(`${header}.${body}`, key)).toBeUndefined();
    expect(readToken(`${header}.${body}.${signature}.x`, key)).toBeUndefined();
  });

  it('refuses an unsigned token and one whose header asks for anything else', async () => {
    const body = b64({
      sub: 'u1',
      sid: 's1',
      role: 'admin',
      tv: 0,
      iss: 'gaited-horse-registry',
      exp: 4e9,
    });
    expect(readToken(`${b64({ alg: 'none' })}.${body}.`, key)).toBeUndefined();
    const critical = await new SignJWT({ sid: 's1', role: 'member', tv: 0 })
      .setProtectedHeader({ alg: 'HS256', crit: ['b64'], b64: true })
      .setSubject('u1')
      .setIssuer('gaited-horse-registry')
      .setExpirationTime('1m')
      .sign(key);
    expect(readToken(critical, key)).toBeUndefined();
  });

  it('refuses an expired token, a token not yet valid and one of another issuer', async () => {
    expect(readToken(await signToken(claims, key, -1), key)).toBeUndefined();
    const sign = (issuer: string, notBefore?: number) => {
      const jwt = new SignJWT({ sid: 's1', role: 'member', tv: 0 })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject('u1')
        .setIssuer(issuer)
        .setExpirationTime('1m');
      return (notBefore ? jwt.setNotBefore(notBefore) : jwt).sign(key);
    };
    expect(readToken(await sign('someone-else'), key)).toBeUndefined();
    const later = Math.floor(Date.now() / 1000) + 600;
    expect(readToken(await sign('gaited-horse-registry', later), key)).toBeUndefined();
    expect(readToken(await sign('gaited-horse-registry'), key)).toMatchObject({ userId: 'u1' });
  });

  it('refuses a payload with claims of the wrong type', async () => {
    const token = await new SignJWT({ sid: 's1', role: 'owner', tv: 0 })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('u1')
      .setIssuer('gaited-horse-registry')
      .setExpirationTime('1m')
      .sign(key);
    expect(readToken(token, key)).toBeUndefined();
  });
});
