// Builds the renderer once per E2E run (vitest globalSetup of the `e2e` project, so unit runs never pay for it)
// and hands its folder to every E2E file through vitest's provide/inject; each file used to build its own copy.
// The folder is only read (the bridge serves it), so files running in parallel can share it.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildRendererInto } from './console-harness';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The renderer built once for this E2E run. */
    e2eRendererDir: string;
  }
}

export default async function setup(project: TestProject): Promise<() => void> {
  const dir = mkdtempSync(join(tmpdir(), 'tactile-e2e-renderer-'));
  await buildRendererInto(dir);
  project.provide('e2eRendererDir', dir);
  return () => rmSync(dir, { recursive: true, force: true });
}
