import { createSecretKey, randomUUID, type KeyObject } from 'node:crypto';
import jwt from 'jsonwebtoken';
import { unauthorized } from '../platform/errors.js';

export interface AccessClaims {
  userId: number;
  jti: string;
}

const keys = new Map<string, KeyObject>();
/** jsonwebtoken turns a string secret into a key on every call, a costly step: do it once. */
function hmacKey(secret: string): KeyObject {
  let key = keys.get(secret);
  if (!key) keys.set(secret, (key = createSecretKey(Buffer.from(secret))));
  return key;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** An HS256 JWT naming the user (`sub`) and the session (`jti`). */
export function signAccessToken(userId: number, ttlSeconds: number, secret: string) {
  const jti = randomUUID();
  const token = jwt.sign({}, hmacKey(secret), {
    algorithm: 'HS256',
    subject: String(userId),
    jwtid: jti,
    expiresIn: ttlSeconds,
  });
  return { token, jti, expiresAt: new Date(Date.now() + ttlSeconds * 1000) };
}

/**
 * Verified tokens per secret, until they expire: the signature check is costly, and every request
 * makes it. Only the token's own validity is kept; whether its session is open is asked every time.
 */
type VerifiedToken = AccessClaims & { expiresAtMs: number };
const verified = new Map<string, Map<string, VerifiedToken>>();
const VERIFIED_MAX = 10_000;

/** Strict verification: HS256 only, `exp` required, well-formed `sub` and `jti`. */
export function verifyAccessToken(token: string, secret: string): AccessClaims {
  let cache = verified.get(secret);
  if (!cache) verified.set(secret, (cache = new Map<string, VerifiedToken>()));
  const hit = cache.get(token);
  if (hit && hit.expiresAtMs > Date.now()) return { userId: hit.userId, jti: hit.jti };
  const claims = verifyUncached(token, secret);
  if (cache.size >= VERIFIED_MAX) cache.clear();
  cache.set(token, { ...claims.claims, expiresAtMs: claims.expiresAtMs });
  return claims.claims;
}

function verifyUncached(token: string, secret: string): { claims: AccessClaims; expiresAtMs: number } {
  let payload: string | jwt.JwtPayload;
  try {
    payload = jwt.verify(token, hmacKey(secret), { algorithms: ['HS256'] });
  } catch {
    throw unauthorized('Invalid or expired token');
  }
  if (typeof payload !== 'object' || typeof payload.exp !== 'number') throw unauthorized('Invalid or expired token');
  const userId = Number(payload.sub);
  if (!/^[1-9]\d{0,9}$/.test(payload.sub ?? '') || userId > 2_147_483_647 || !UUID.test(payload.jti ?? '')) {
    throw unauthorized('Invalid or expired token');
  }
  return { claims: { userId, jti: payload.jti! }, expiresAtMs: payload.exp * 1000 };
}
