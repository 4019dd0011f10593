#!/usr/bin/env node
/* global process */
// One electron-builder target, in its own process: `node build/package-target.mjs PLATFORM TARGET [ELECTRON_DIST]`.
// build/package.mjs runs one per target so that it can read what electron-builder's Go helper printed (its
// download errors go to our stdout, not into the thrown error) and so each target starts from a fresh config.
import { fileURLToPath, URL } from 'node:url';
import { builderConfig } from './electron-builder.config.mjs';

const repo = fileURLToPath(new URL('..', import.meta.url));
const [platform, target, electronDist] = process.argv.slice(2);
const { build, Platform } = await import('electron-builder');
try {
  const out = await build({
    projectDir: repo,
    targets: Platform.fromString(platform).createTarget(target),
    config: builderConfig(electronDist ? { electronDist } : {}),
  });
  process.stdout.write(`OUTPUT ${out.join(', ')}\n`);
} catch (e) {
  process.stderr.write(`${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
  process.exitCode = 1;
}
