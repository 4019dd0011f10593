// Builds electron-builder's `dir` target with Tactile's real configuration from a stand-in Electron folder (the
// real binary cannot be downloaded here) and checks the packaged layout: main, preload and renderer inside
// app.asar beside Tactile's package.json, the helper jar and the scrcpy server in resources/, and that
// electron/app-root's appPath resolves the helper and server paths there once process.resourcesPath is set.
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import process from 'node:process';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { builderConfig, SCRCPY_SERVER_FILE } from '../../build/electron-builder.config.mjs';

const require = createRequire(import.meta.url);
const asar = require('@electron/asar') as {
  listPackage(archive: string, options: object): string[];
  extractFile(archive: string, file: string): Buffer;
};

const write = (root: string, rel: string, text: string) => {
  mkdirSync(dirname(join(root, rel)), { recursive: true });
  writeFileSync(join(root, rel), text);
};

let work: string;
let unpacked: string;

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'tactile-package-'));
  const project = join(work, 'project');
  const electronDist = join(work, 'electron-dist');
  // A stand-in Electron: the executable electron-builder renames to the product name, its resources folder.
  write(electronDist, 'electron', '#!/bin/sh\necho stand-in electron\n');
  chmodSync(join(electronDist, 'electron'), 0o755);
  write(electronDist, 'resources/default_app.asar', '');
  write(electronDist, 'LICENSE', 'stand-in');
  write(electronDist, 'version', '41.6.1');
  // Tactile's package.json (without dependencies, so the test does not copy node_modules) and built output.
  const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as Record<
    string,
    unknown
  >;
  write(
    project,
    'package.json',
    JSON.stringify({
      name: pkg.name,
      version: pkg.version,
      description: pkg.description,
      license: pkg.license,
      homepage: pkg.homepage,
      author: 'Tactile contributors',
      type: 'module',
    }),
  );
  write(project, 'out/main/main.mjs', '// main');
  write(project, 'out/main/main.mjs.map', '{}');
  write(project, 'out/preload/preload.cjs', '// preload');
  write(project, 'out/renderer/index.html', '<!doctype html>');
  write(project, 'helper-apk/target/tactile-helper.jar', 'stand-in helper jar');
  write(project, `vendor/${SCRCPY_SERVER_FILE}`, 'stand-in scrcpy server');
  mkdirSync(join(project, 'build/resources'), { recursive: true });
  writeFileSync(
    join(project, 'build/resources/icon.png'),
    readFileSync(new URL('../../build/resources/icon.png', import.meta.url)),
  );
  const { build, Platform } = await import('electron-builder');
  await build({
    projectDir: project,
    targets: Platform.LINUX.createTarget('dir'),
    config: builderConfig({ electronDist, electronVersion: '41.6.1', npmRebuild: false }),
  });
  unpacked = join(project, 'dist', 'linux-unpacked');
}, 180_000);

afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true });
});

describe('packaged app (dir target)', () => {
  it('renames the Electron executable and keeps the app in app.asar with package.json pointing at main', () => {
    expect(existsSync(join(unpacked, 'tactile'))).toBe(true);
    const archive = join(unpacked, 'resources', 'app.asar');
    const files = asar.listPackage(archive, {}).map((f) => f.replaceAll('\\', '/'));
    expect(files).toEqual(
      expect.arrayContaining([
        '/package.json',
        '/out/main/main.mjs',
        '/out/preload/preload.cjs',
        '/out/renderer/index.html',
      ]),
    );
    expect(files).not.toContain('/out/main/main.mjs.map');
    const packaged = JSON.parse(asar.extractFile(archive, 'package.json').toString('utf8')) as {
      name: string;
      main: string;
    };
    expect(packaged).toMatchObject({ name: 'tactile', main: 'out/main/main.mjs' });
  });

  it('ships the helper jar and the scrcpy server in resources/', () => {
    expect(readFileSync(join(unpacked, 'resources/helper-apk/target/tactile-helper.jar'), 'utf8')).toBe(
      'stand-in helper jar',
    );
    expect(readFileSync(join(unpacked, `resources/vendor/${SCRCPY_SERVER_FILE}`), 'utf8')).toBe(
      'stand-in scrcpy server',
    );
  });

  it("main's lookups (helper, scrcpy server) resolve into the packaged resources/", async () => {
    const proc = process as { resourcesPath?: string };
    proc.resourcesPath = join(unpacked, 'resources');
    try {
      vi.resetModules();
      const { HELPER_ARTIFACT } = await import('../../electron/helper/installer');
      const { SCRCPY_SERVER_LOCAL_PATH } = await import('../../electron/scrcpy/server-jar');
      expect(HELPER_ARTIFACT).toBe(join(unpacked, 'resources/helper-apk/target/tactile-helper.jar'));
      expect(SCRCPY_SERVER_LOCAL_PATH).toBe(join(unpacked, `resources/vendor/${SCRCPY_SERVER_FILE}`));
    } finally {
      delete proc.resourcesPath;
      vi.resetModules();
    }
  });
});
