// Flag parsing for commands (node:util parseArgs), and the flag values they share.
import { parseArgs, type ParseArgsConfig } from 'node:util';

export type Parsed<T> = { ok: true; value: T } | { ok: false; message: string };

type Options = NonNullable<ParseArgsConfig['options']>;

/** Strict parsing: unknown flags and missing flag values are usage errors, reported as a message. */
export function parseFlags<O extends Options>(argv: string[], options: O) {
  try {
    const { values, positionals } = parseArgs({ args: argv, options, allowPositionals: true, strict: true });
    return { ok: true as const, values, positionals };
  } catch (e) {
    return { ok: false as const, message: e instanceof Error ? e.message : String(e) };
  }
}

/** A `WxH` flag in device pixels, e.g. `--screen 1080x2400` or `--size 720x1280`. */
export function parseSize(flag: string, text: string): Parsed<{ width: number; height: number }> {
  const m = /^([1-9]\d{0,5})x([1-9]\d{0,5})$/.exec(text);
  if (!m)
    return {
      ok: false,
      message: `${flag} must be WIDTHxHEIGHT in pixels (e.g. 1080x2400), got ${JSON.stringify(text)}.`,
    };
  return { ok: true, value: { width: Number(m[1]), height: Number(m[2]) } };
}

/** `--dialect agent` (seed 001) or the canonical model when absent. */
export function parseDialect(text: string | undefined): Parsed<'canonical' | 'agent'> {
  if (text === undefined) return { ok: true, value: 'canonical' };
  if (text === 'agent') return { ok: true, value: 'agent' };
  return { ok: false, message: `--dialect must be "agent", got ${JSON.stringify(text)}.` };
}

/** `--max-burst-actions N`: the configured action_sequence member limit. */
export function parsePositiveInt(flag: string, text: string | undefined): Parsed<number | undefined> {
  if (text === undefined) return { ok: true, value: undefined };
  if (!/^[1-9]\d{0,5}$/.test(text))
    return { ok: false, message: `${flag} must be a positive integer, got ${JSON.stringify(text)}.` };
  return { ok: true, value: Number(text) };
}
