// A Python virtual environment with pinned packages for peer-client tests, made once per requirements file under
// node_modules/.cache/py-peers/<hash of the requirements> (gitignored; nothing tracked is written). It is built
// in a scratch directory and renamed into place, so parallel runs never see half an environment. Needs python3
// with venv and pip (Debian: python3-venv, python3-pip) and PyPI the first time.
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const CACHE = resolve(__dirname, '../../node_modules/.cache/py-peers');

/** The environment's python for a requirements file, installing it first when it is not there yet. */
export async function pythonVenv(requirements: string): Promise<string> {
  const hash = createHash('sha256').update(readFileSync(requirements)).digest('hex').slice(0, 16);
  const dir = join(CACHE, hash);
  const python = join(dir, 'bin', 'python');
  if (existsSync(python)) return python;
  mkdirSync(CACHE, { recursive: true });
  const scratch = join(CACHE, `build-${hash}-${process.pid}`);
  rmSync(scratch, { recursive: true, force: true });
  try {
    await run('python3', ['-m', 'venv', scratch]);
    await run(
      join(scratch, 'bin', 'python'),
      ['-m', 'pip', 'install', '--no-input', '--disable-pip-version-check', '-q', '-r', requirements],
      { timeout: 600_000 },
    );
  } catch (e) {
    rmSync(scratch, { recursive: true, force: true });
    const err = e as { stderr?: string; message: string };
    throw new Error(
      `cannot make the Python environment for ${requirements} (install python3-venv and python3-pip; PyPI must be reachable): ${err.stderr ?? err.message}`,
    );
  }
  try {
    renameSync(scratch, dir);
  } catch {
    // Another run finished first: use its environment.
    rmSync(scratch, { recursive: true, force: true });
  }
  return python;
}
