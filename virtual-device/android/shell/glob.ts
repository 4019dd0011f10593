// Shell patterns: `*`, `?` and `[…]` (with `!` negation) where a backslash makes the next character
// literal (quoted characters arrive escaped so). Used for ${VAR%pattern} and for pathname expansion
// over the device's file system, where `*` stops at `/` and never matches a leading dot.
import type { VirtualFileSystem } from '../../device-services';

const META = /(^|[^\\])(\\\\)*[*?[]/;

/** Whether the escaped pattern has an unescaped glob operator. */
export const hasGlob = (pattern: string): boolean => META.test(pattern);

/** Escapes a literal so it matches only itself. */
export const globEscape = (s: string): string => s.replace(/[\\*?[]/g, '\\$&');

export function globSource(pattern: string, pathname: boolean): string {
  const any = pathname ? '[^/]' : '[^]';
  let re = '';
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i]!;
    if (c === '\\' && i + 1 < pattern.length) {
      re += pattern[++i]!.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
      continue;
    }
    const cls = c === '[' ? /^\[(!?)((?:\\.|[^\]])(?:\\.|[^\]])*)\]/.exec(pattern.slice(i)) : null;
    if (cls) {
      re += `[${cls[1] ? '^' : ''}${cls[2]!.replace(/\\(.)/g, '$1').replace(/[\\\]^]/g, '\\$&')}]`;
      i += cls[0].length - 1;
    } else if (c === '*') re += `${any}*`;
    else if (c === '?') re += any;
    else re += c.replace(/[.+^${}()|[\]\\/]/g, '\\$&');
  }
  return re;
}

/** The paths an escaped pattern names, sorted; empty when nothing matches (the shell keeps the word then). */
export function globPaths(pattern: string, fs: VirtualFileSystem): string[] {
  const absolute = pattern.startsWith('/');
  let bases = [absolute ? '/' : ''];
  const join = (base: string, name: string) =>
    base === '' ? name : base.endsWith('/') ? base + name : `${base}/${name}`;
  for (const seg of pattern.split('/').filter((s) => s !== '')) {
    const next: string[] = [];
    if (!hasGlob(seg)) {
      const literal = seg.replace(/\\(.)/g, '$1');
      for (const b of bases) if (fs.stat(join(b, literal))) next.push(join(b, literal));
    } else {
      const re = new RegExp(`^${globSource(seg, true)}$`);
      const dots = seg.startsWith('.') || seg.startsWith('\\.');
      for (const b of bases) {
        for (const e of readable(fs, b === '' ? '/' : b)) {
          if (e.name === '.' || e.name === '..' || (e.name.startsWith('.') && !dots)) continue;
          if (re.test(e.name)) next.push(join(b, e.name));
        }
      }
    }
    bases = next;
    if (bases.length === 0) return [];
  }
  return bases.sort();
}

/** A directory's entries; one the user may not read matches nothing, as glob(3) skips it. */
function readable(fs: VirtualFileSystem, dir: string): Array<{ name: string }> {
  try {
    return fs.list(dir) ?? [];
  } catch {
    return [];
  }
}
