// `npm start` when Electron's binary is missing: one run of the install script, bounded by a limit, a progress
// line, then either the fetched binary or the reason (start.mjs falls back to the browser console). The install
// script and the limit are injected so no network and no minute are needed.
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ensureElectron, INSTALL_LIMIT_MS, INSTALL_SCRIPT } from '../../build/electron-binary.mjs';

const dir = mkdtempSync(join(tmpdir(), 'tactile-electron-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const script = (name: string, body: string) => {
  const path = join(dir, name);
  writeFileSync(path, body);
  return path;
};

describe('ensureElectron', () => {
  it('tries node_modules/electron/install.js for at most 60 s by default', () => {
    expect(INSTALL_SCRIPT).toBe('node_modules/electron/install.js');
    expect(INSTALL_LIMIT_MS).toBe(60_000);
  });

  it('does not run the install script when the binary is there', async () => {
    const ran = join(dir, 'ran-needlessly');
    const lines: string[] = [];
    const found = await ensureElectron({
      binary: () => ({ path: '/opt/electron' }),
      script: script('noop.mjs', `import { writeFileSync } from 'node:fs'; writeFileSync(${JSON.stringify(ran)}, '');`),
      log: (l) => lines.push(l),
    });
    expect(found.path).toBe('/opt/electron');
    expect(existsSync(ran)).toBe(false);
    expect(lines).toEqual([]);
  });

  it('runs the install script once and uses the binary it fetched', async () => {
    const fetched = join(dir, 'electron');
    const counter = join(dir, 'runs');
    const install = script(
      'install-ok.mjs',
      `import { appendFileSync, writeFileSync } from 'node:fs'; appendFileSync(${JSON.stringify(counter)}, 'x'); writeFileSync(${JSON.stringify(fetched)}, '');`,
    );
    const lines: string[] = [];
    const found = await ensureElectron({
      binary: () => (existsSync(fetched) ? { path: fetched } : { problem: 'no path.txt' }),
      script: install,
      limitMs: 30_000,
      log: (l) => lines.push(l),
    });
    expect(found.path).toBe(fetched);
    expect(lines[0]).toMatch(/fetching it once with `node .*install-ok\.mjs` \(up to 30 s\)/);
    const { readFileSync } = await import('node:fs');
    expect(readFileSync(counter, 'utf8')).toBe('x');
  });

  it('stops an install that hangs at the limit and reports why, for the browser fallback', async () => {
    const hang = script('install-hang.mjs', 'setInterval(() => {}, 1000);');
    const lines: string[] = [];
    const found = await ensureElectron({
      binary: () => ({ problem: 'no path.txt' }),
      script: hang,
      limitMs: 300,
      log: (l) => lines.push(l),
    });
    expect(found.path).toBeUndefined();
    expect(found.problem).toMatch(/no path\.txt; `node .*install-hang\.mjs` did not fetch it: no answer within 0.3 s/);
    expect(lines).toHaveLength(1);
  });

  it("reports the install script's own reason when it fails (offline)", async () => {
    const offline = script(
      'install-offline.mjs',
      "console.error('RequestError: getaddrinfo ENOTFOUND github.com\\n    at x (y.js:1:1)'); process.exit(1);",
    );
    const found = await ensureElectron({
      binary: () => ({ problem: 'no path.txt' }),
      script: offline,
      limitMs: 30_000,
      log: () => undefined,
    });
    expect(found.problem).toContain('did not fetch it: RequestError: getaddrinfo ENOTFOUND github.com');
  });
});
