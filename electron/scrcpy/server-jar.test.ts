import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadServerJar, ScrcpyServerMissingError, VIRTUAL_DEVICE_SERVER_STAND_IN } from './server-jar';

describe('loadServerJar', () => {
  const dirs: string[] = [];
  afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));
  const file = (bytes: Uint8Array | null) => {
    const dir = mkdtempSync(join(tmpdir(), 'tactile-jar-'));
    dirs.push(dir);
    const path = join(dir, 'scrcpy-server-v3.3.3');
    if (bytes) writeFileSync(path, bytes);
    return path;
  };

  it('a missing server is the stand-in for a virtual device and a clear error for a phone', () => {
    const path = file(null);
    expect(loadServerJar({ virtualDevice: true, path })).toBe(VIRTUAL_DEVICE_SERVER_STAND_IN);
    expect(() => loadServerJar({ virtualDevice: false, path })).toThrow(ScrcpyServerMissingError);
  });

  it('never pushes a file that is not the official 3.3.3 server (a truncated download, another version)', () => {
    const path = file(new TextEncoder().encode('not the scrcpy server'));
    expect(() => loadServerJar({ virtualDevice: false, path })).toThrow(/SHA-256/);
    expect(loadServerJar({ virtualDevice: true, path })).toBe(VIRTUAL_DEVICE_SERVER_STAND_IN);
  });
});
