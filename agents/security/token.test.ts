import { describe, expect, it } from 'vitest';
import { issueToken } from './token';

describe('bearer tokens', () => {
  it('verifies only the issued token, from a Bearer header, and keeps no copy of it', () => {
    const { token, verifier } = issueToken('tactile_test_');
    expect(token).toMatch(/^tactile_test_[A-Za-z0-9_-]{43}$/);
    expect(verifier.verify(token)).toBe(true);
    expect(verifier.verify(token.slice(0, -1))).toBe(false);
    expect(verifier.verify('')).toBe(false);
    expect(verifier.verify('x'.repeat(10_000))).toBe(false);
    expect(verifier.verifyHeader(`Bearer ${token}`)).toBe(true);
    expect(verifier.verifyHeader(`bearer ${token}`)).toBe(false);
    expect(verifier.verifyHeader(token)).toBe(false);
    expect(verifier.verifyHeader(undefined)).toBe(false);
    expect(JSON.stringify(verifier)).not.toContain(token.slice(13));
    expect(issueToken('tactile_test_').token).not.toBe(token);
  });
});
