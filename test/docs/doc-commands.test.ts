// The documentation's promises, checked: every shell block marked ```sh run in README.md and docs/**/*.md runs
// as written (exit 0), every relative link points at a file in the repository (and a #fragment at a heading of
// the page it names), and no page cites a path outside the repository. Only blocks marked `sh run` are executed,
// and only cheap, device-free commands belong in them (help, schema, validate, plan of docs/examples).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

function markdownUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return markdownUnder(path);
    return name.endsWith('.md') ? [path] : [];
  });
}

const PAGES = [join(ROOT, 'README.md'), ...markdownUnder(join(ROOT, 'docs'))];
const rel = (path: string) => relative(ROOT, path).split(sep).join('/');

interface Command {
  page: string;
  line: string;
}

/** The lines of every ```sh run block: blank lines and comments skipped, each line one command. */
function markedCommands(page: string): Command[] {
  const out: Command[] = [];
  let inRun = false;
  let inOther = false;
  for (const raw of readFileSync(page, 'utf8').split('\n')) {
    const fence = /^\s*```(.*)$/.exec(raw);
    if (fence) {
      if (inRun || inOther) inRun = inOther = false;
      else if (fence[1]!.trim() === 'sh run') inRun = true;
      else inOther = true;
      continue;
    }
    const line = raw.trim();
    if (inRun && line !== '' && !line.startsWith('#')) out.push({ page: rel(page), line });
  }
  return out;
}

/** Markdown without fenced blocks and inline code, where a `](` is text, not a link. */
function prose(text: string): string {
  return text.replace(/^\s*```[\s\S]*?^\s*```/gm, '').replace(/`[^`\n]*`/g, '');
}

/** GitHub's heading anchors: lower case, punctuation dropped (inline code marks too), spaces to hyphens, repeats numbered. */
function anchorsOf(page: string): Set<string> {
  const seen = new Map<string, number>();
  const anchors = new Set<string>();
  for (const heading of readFileSync(page, 'utf8')
    .replace(/^\s*```[\s\S]*?^\s*```/gm, '')
    .matchAll(/^#{1,6}\s+(.+)$/gm)) {
    const base = heading[1]!
      .trim()
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-');
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    anchors.add(n === 0 ? base : `${base}-${n}`);
  }
  return anchors;
}

/** Tracked files with changes, so a command that rewrites one is caught (null when git is unavailable). */
function trackedChanges(): string | null {
  const r = spawnSync('git', ['status', '--porcelain', '--untracked-files=no'], { cwd: ROOT, encoding: 'utf8' });
  return r.status === 0 ? r.stdout : null;
}

const COMMANDS = PAGES.flatMap(markedCommands);
const dataDir = mkdtempSync(join(tmpdir(), 'tactile-doc-commands-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('commands the docs mark `sh run`', () => {
  it('the docs mark the device-free commands (CLI help, schemas, validate and plan of the examples, flow validate)', () => {
    const lines = COMMANDS.map((c) => c.line);
    expect(lines).toContain('npm run -s tactile -- help');
    expect(lines).toContain('npm run -s tactile -- schema flow');
    expect(lines.some((l) => l.includes(' validate docs/examples/'))).toBe(true);
    expect(lines.some((l) => l.includes(' flow validate docs/examples/'))).toBe(true);
  });

  it.each(COMMANDS.map((c) => [c.page, c.line] as const))(
    '%s: %s',
    (_page, line) => {
      const before = trackedChanges();
      // From the repository root (the commands name repository paths); user data goes to a temp dir.
      const r = spawnSync('bash', ['-c', line], {
        cwd: ROOT,
        encoding: 'utf8',
        env: { ...process.env, TACTILE_DATA_DIR: dataDir, XDG_DATA_HOME: dataDir },
        maxBuffer: 64 * 1024 * 1024,
      });
      expect(
        r.status,
        `exit ${r.status}\nstdout: ${r.stdout?.slice(0, 2000)}\nstderr: ${r.stderr?.slice(0, 2000)}`,
      ).toBe(0);
      // The CLI answers with one JSON object (a schema, or a verdict); a refusal would say ok:false.
      expect((JSON.parse(r.stdout) as { ok?: unknown }).ok).not.toBe(false);
      expect(trackedChanges(), 'the command changed a tracked file').toBe(before);
    },
    180_000,
  );
});

describe('links and citations in README.md and docs/', () => {
  it('finds the pages', () => {
    expect(PAGES.map(rel)).toEqual(
      expect.arrayContaining([
        'README.md',
        'docs/console.md',
        'docs/studio-tools.md',
        'docs/recording-and-flows.md',
        'docs/debugger-and-reports.md',
        'docs/agents.md',
        'docs/cli.md',
        'docs/virtual-device.md',
        'docs/helper.md',
        'docs/architecture.md',
        'docs/performance.md',
        'docs/packaging.md',
      ]),
    );
  });

  it.each(PAGES.map((p) => [rel(p)] as const))('%s: every relative link names a file in the repository', (name) => {
    const page = join(ROOT, name);
    const broken: string[] = [];
    for (const m of prose(readFileSync(page, 'utf8')).matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) {
      const target = m[1]!;
      if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue; // https:, mailto:, …
      const [path, fragment] = target.split('#') as [string, string | undefined];
      const file = path === '' ? page : resolve(dirname(page), decodeURIComponent(path));
      if (relative(ROOT, file).startsWith('..') || path.startsWith('/'))
        broken.push(`${target}: outside the repository`);
      else if (!existsSync(file)) broken.push(`${target}: no such file`);
      else if (fragment && file.endsWith('.md') && !anchorsOf(file).has(fragment))
        broken.push(`${target}: no such heading`);
    }
    expect(broken).toEqual([]);
  });

  it.each(PAGES.map((p) => [rel(p)] as const))('%s: cites no path outside the repository', (name) => {
    const text = readFileSync(join(ROOT, name), 'utf8');
    expect(text).not.toContain('../shared');
    expect(text).not.toMatch(/(^|[\s`("'])\/work\//m);
  });

  it('README.md stays a short entry point (at most 250 lines)', () => {
    expect(readFileSync(join(ROOT, 'README.md'), 'utf8').split('\n').length).toBeLessThanOrEqual(250);
  });
});
