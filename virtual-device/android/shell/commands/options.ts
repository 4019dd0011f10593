// toybox's option syntax: flags combine (`-vi`), values attach or follow (`-n5`, `-n 5`), `--` ends
// options, and a lone `-` is an operand (stdin). Unknown options fail as toybox does.

export interface Options {
  flags: Set<string>;
  /** Every value of each value option, in order (`-e a -e b`). */
  values: Map<string, string[]>;
  operands: string[];
}

/**
 * `flags`: letters taking no value; `valued`: letters taking one; `unsimulated`: options toybox has
 * that the virtual device does not (they fail saying so rather than being silently ignored).
 * Resolves the error text on a bad option.
 */
export function parseOptions(
  args: readonly string[],
  flags: string,
  valued: string,
  unsimulated = '',
): Options | string {
  const o: Options = { flags: new Set(), values: new Map(), operands: [] };
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === '--') {
      o.operands.push(...args.slice(i + 1));
      break;
    }
    if (!a.startsWith('-') || a === '-') {
      o.operands.push(a);
      continue;
    }
    for (let j = 1; j < a.length; j++) {
      const c = a[j]!;
      if (valued.includes(c)) {
        const value = j + 1 < a.length ? a.slice(j + 1) : args[++i];
        if (value === undefined) return `Missing argument to -${c}`;
        o.values.set(c, [...(o.values.get(c) ?? []), value]);
        break;
      }
      if (unsimulated.includes(c)) return `-${c} is not simulated by the virtual device`;
      if (!flags.includes(c)) return `Unknown option '${c}'`;
      o.flags.add(c);
    }
  }
  return o;
}

/** The last value of a value option. */
export const lastValue = (o: Options, c: string): string | undefined => o.values.get(c)?.at(-1);
