// Bearer tokens for the agent servers: 32 random bytes (base64url), shown once to the owner, kept only as a
// SHA-256 hash, and compared in constant time (hash of the presented value vs the stored hash, so neither the
// length nor a prefix of the token leaks through timing).
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

export interface IssuedToken {
  /** The token itself: hand it to the owner once, then drop it. */
  token: string;
  verifier: TokenVerifier;
}

export interface TokenVerifier {
  /** True when `presented` is the token. */
  verify(presented: string): boolean;
  /** True when an `Authorization` header carries `Bearer <token>`. */
  verifyHeader(header: string | undefined): boolean;
}

const sha256 = (s: string): Buffer => createHash('sha256').update(s, 'utf8').digest();

export function verifierFromHash(hash: Buffer): TokenVerifier {
  const stored = Buffer.from(hash);
  const verify = (presented: string) => presented.length <= 512 && timingSafeEqual(sha256(presented), stored);
  return {
    verify,
    verifyHeader(header) {
      const m = typeof header === 'string' ? /^Bearer ([A-Za-z0-9_\-.~+/=]{1,512})$/.exec(header) : null;
      return m !== null && verify(m[1]!);
    },
  };
}

/** A new token; `prefix` says what it is for (e.g. `tactile_mcp_`, `tactile_bridge_<device>_`). */
export function issueToken(prefix: string): IssuedToken {
  const token = prefix + randomBytes(32).toString('base64url');
  return { token, verifier: verifierFromHash(sha256(token)) };
}
