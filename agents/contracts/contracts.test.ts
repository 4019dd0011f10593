// The vendored seeds are the seeds: equal, parsed, to the files in shared/seeds beside the repository.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { SEED_000_TOOLS, SEED_001_AGENT_TOOLS, SEED_003_OPENAPI, SEED_004_DESCRIPTIONS } from '.';

function seedsDir(): string | null {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const candidate = join(dir, 'shared', 'seeds');
    if (existsSync(join(candidate, '000_58171f39be226953.txt'))) return candidate;
    const up = dirname(dir);
    if (up === dir) return null;
    dir = up;
  }
}

const dir = seedsDir();

describe.skipIf(dir === null)('vendored seeds', () => {
  const seed = (name: string) => JSON.parse(readFileSync(join(dir!, name), 'utf8')) as unknown;
  it('000, 001 and 003 equal the spec files', () => {
    expect(SEED_000_TOOLS).toEqual(seed('000_58171f39be226953.txt'));
    expect(SEED_001_AGENT_TOOLS).toEqual(seed('001_0dd9a25e37b585b3.txt'));
    expect(SEED_003_OPENAPI).toEqual(seed('003_82eaab3bfcb7e897.txt'));
  });

  it("004's descriptions, joined in order, are the seed's text", () => {
    const text = readFileSync(join(dir!, '004_4d699e433fa893fe.txt'), 'utf8');
    const squash = (s: string) => s.replace(/\s+/g, ' ').trim();
    expect(squash(Object.values(SEED_004_DESCRIPTIONS).join('\n'))).toBe(squash(text));
    expect(SEED_004_DESCRIPTIONS['tap_element']).toMatch(
      /^Purpose: Tap a previously resolved UI element using its elementId\./,
    );
    expect(SEED_004_DESCRIPTIONS['get_network_activity']).toMatch(/^Returns structured network events/);
  });
});
