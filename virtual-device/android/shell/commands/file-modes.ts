// File modes as toybox prints and parses them: `drwxrwx--x` (mode_to_string) and chmod's octal or symbolic
// `[ugoa…][+-=][rwxXst…],…` (string_to_mode).

/** `-rw-r--r--`, with s/S and t/T for setuid, setgid and sticky. */
export function modeString(mode: number): string {
  const type = (mode & 0o170000) === 0o040000 ? 'd' : '-';
  let s = type;
  for (let shift = 6; shift >= 0; shift -= 3) {
    const bits = (mode >> shift) & 7;
    s += bits & 4 ? 'r' : '-';
    s += bits & 2 ? 'w' : '-';
    const special = shift === 6 ? mode & 0o4000 : shift === 3 ? mode & 0o2000 : mode & 0o1000;
    const x = (bits & 1) !== 0;
    s += special ? (shift === 0 ? (x ? 't' : 'T') : x ? 's' : 'S') : x ? 'x' : '-';
  }
  return s;
}

/** The new permission bits for `chmod SPEC` on an entry with `mode`; null when SPEC is not a mode. */
export function applyModeSpec(spec: string, mode: number, isDir: boolean): number | null {
  if (/^[0-7]{1,4}$/.test(spec)) return parseInt(spec, 8);
  let perms = mode & 0o7777;
  for (const clause of spec.split(',')) {
    const m = /^([ugoa]*)([-+=])([rwxXst]*|[ugo])$/.exec(clause);
    if (!m) return null;
    const who = m[1] === '' || m[1]!.includes('a') ? 'ugo' : m[1]!;
    let bits = 0;
    const what = m[3]!;
    if (/^[ugo]$/.test(what)) {
      const from = (perms >> ({ u: 6, g: 3, o: 0 } as const)[what as 'u' | 'g' | 'o']) & 7;
      for (const w of who) bits |= from << ({ u: 6, g: 3, o: 0 } as const)[w as 'u' | 'g' | 'o'];
    } else {
      for (const w of who) {
        const shift = ({ u: 6, g: 3, o: 0 } as const)[w as 'u' | 'g' | 'o'];
        if (what.includes('r')) bits |= 4 << shift;
        if (what.includes('w')) bits |= 2 << shift;
        if (what.includes('x') || (what.includes('X') && (isDir || (perms & 0o111) !== 0))) bits |= 1 << shift;
        if (what.includes('s')) bits |= w === 'u' ? 0o4000 : w === 'g' ? 0o2000 : 0;
        if (what.includes('t')) bits |= 0o1000;
      }
    }
    if (m[2] === '+') perms |= bits;
    else if (m[2] === '-') perms &= ~bits;
    else {
      let mask = 0;
      for (const w of who) mask |= 7 << ({ u: 6, g: 3, o: 0 } as const)[w as 'u' | 'g' | 'o'];
      perms = (perms & ~mask) | bits;
    }
  }
  return perms;
}
