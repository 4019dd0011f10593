import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { appPath, appRoot, findAppRoot } from './app-root';

const repo = join(import.meta.dirname, '..', '..');
let scratch: string | undefined;
afterEach(() => {
  if (scratch) rmSync(scratch, { recursive: true, force: true });
  scratch = undefined;
});

describe('the application root', () => {
  it('is the repository from the sources and from where the bundle lives (out/main)', () => {
    expect(appRoot()).toBe(repo);
    expect(findAppRoot(join(repo, 'out', 'main'))).toBe(repo);
    expect(findAppRoot(join(repo, 'electron', 'scrcpy'))).toBe(repo);
    expect(appPath('helper-apk', 'target', 'tactile-helper.jar')).toBe(
      join(repo, 'helper-apk', 'target', 'tactile-helper.jar'),
    );
  });

  it("skips package.json files that are not Tactile's, at any depth", () => {
    scratch = mkdtempSync(join(tmpdir(), 'tactile-app-root-'));
    const app = join(scratch, 'deep', 'install');
    const nested = join(app, 'node_modules', 'dep', 'lib');
    mkdirSync(nested, { recursive: true });
    writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'tactile' }));
    writeFileSync(join(app, 'node_modules', 'dep', 'package.json'), JSON.stringify({ name: 'dep' }));
    writeFileSync(join(nested, 'package.json'), '{ not json');
    expect(findAppRoot(nested)).toBe(app);
  });

  it('says where it looked when there is no Tactile package.json above', () => {
    scratch = mkdtempSync(join(tmpdir(), 'tactile-app-root-'));
    expect(() => findAppRoot(scratch!)).toThrow(/package\.json \(name "tactile"\) is not at or above/);
  });
});
