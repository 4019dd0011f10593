#!/usr/bin/env node
/* global console, fetch, AbortSignal, process */
// Downloads the official scrcpy 3.3.3 server (needed to mirror real phones; the virtual device brings its
// own) into vendor/ and checks its SHA-256 against the value published in scrcpy's install_release.sh.
// Offline it fails with a clear message and exit code 1; Tactile keeps working with screenshots.
import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const VERSION = '3.3.3';
const URL_ = `https://github.com/Genymobile/scrcpy/releases/download/v${VERSION}/scrcpy-server-v${VERSION}`;
const SHA256 = '7e70323ba7f259649dd4acce97ac4fefbae8102b2c6d91e2e7be613fd5354be0';
const target = join(dirname(fileURLToPath(import.meta.url)), '..', 'vendor', `scrcpy-server-v${VERSION}`);

const sha256 = (bytes) => createHash('sha256').update(bytes).digest('hex');

async function main() {
  const existing = await readFile(target).catch(() => null);
  if (existing && sha256(existing) === SHA256) {
    console.log(`scrcpy server ${VERSION} already present and verified: ${target}`);
    return 0;
  }
  let bytes;
  try {
    const response = await fetch(URL_, { signal: AbortSignal.timeout(60_000) });
    if (!response.ok) throw new Error(`HTTP ${response.status} ${response.statusText}`);
    bytes = new Uint8Array(await response.arrayBuffer());
  } catch (e) {
    const cause = e?.cause?.code ?? e?.cause?.message ?? e?.message ?? String(e);
    console.error(`Could not download the scrcpy ${VERSION} server from ${URL_}: ${cause}`);
    console.error('Check your internet connection (or download that file by hand and place it at');
    console.error(`  ${target}`);
    console.error(
      '). Without it Tactile still runs: the virtual device streams on its own, real devices are mirrored by screenshots.',
    );
    return 1;
  }
  const actual = sha256(bytes);
  if (actual !== SHA256) {
    console.error(`SHA-256 mismatch for ${URL_}: expected ${SHA256}, got ${actual}. Not installed.`);
    return 1;
  }
  await mkdir(dirname(target), { recursive: true });
  await writeFile(`${target}.part`, bytes);
  await rename(`${target}.part`, target);
  console.log(`scrcpy server ${VERSION} downloaded and verified (${bytes.length} bytes): ${target}`);
  return 0;
}

process.exitCode = await main();
