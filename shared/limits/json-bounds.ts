// Size and depth bounds for every request before anything recursive touches it (zod, the agent dialect,
// JSON.stringify in receipts): a request nested 5,000 levels deep or megabytes large is refused with
// INVALID_ARGUMENT at path "" instead of overflowing a stack or the heap. Both checks are iterative.
// - parseBoundedJson: text (CLI FILE, bridge text frames): length first, then a depth scan, then JSON.parse.
// - checkValueBounds: an already-decoded value (Electron structured clone, bridge binary frames, envelopes
//   handed to validateToolCall): depth, node count and total string length; a cyclic value hits the node cap.
import { tactileError, type TactileError } from '../errors';

export interface JsonLimits {
  /** Characters of JSON text; for a decoded value, the total length of its strings. */
  maxChars: number;
  /** Nesting of arrays and objects; the envelope itself is level 1. */
  maxDepth: number;
  /** Values (objects, arrays, strings, numbers, …) in one decoded request. */
  maxNodes: number;
}

/** A contract request is a few kilobytes; control_action's 65,536-character text fits with room to spare. */
export const REQUEST_LIMITS: JsonLimits = { maxChars: 1024 * 1024, maxDepth: 64, maxNodes: 100_000 };

export type BoundedJson = { ok: true; value: unknown } | { ok: false; error: TactileError };

const refuse = (message: string): { ok: false; error: TactileError } => ({
  ok: false,
  error: tactileError('INVALID_ARGUMENT', [], message),
});

/** Deepest nesting of JSON text (strings skipped), stopping as soon as it passes `max`. */
function depthOver(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > max) return true;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return false;
}

/**
 * Where JSON.parse stopped, as " (line L, column C)", or "" when it does not say. Never its message: V8 quotes
 * the text it could not parse (`Unexpected token 'r', "root:x:0:0"... is not valid JSON`), and a file read on
 * a client's behalf must not come back quoted in an error.
 */
export function jsonErrorAt(error: unknown, text: string): string {
  const at = /at position (\d+)/.exec(error instanceof Error ? error.message : '');
  if (at === null) {
    if (text.trim() === '') return ' (it is empty)';
    return /end of JSON input/.test(error instanceof Error ? error.message : '')
      ? ' (it ends before its JSON value does)'
      : '';
  }
  const position = Math.min(Number(at[1]), text.length);
  const before = text.slice(0, position);
  const line = before.split('\n').length;
  return ` (line ${line}, column ${position - before.lastIndexOf('\n')})`;
}

export function parseBoundedJson(text: string, limits: JsonLimits = REQUEST_LIMITS, what = 'the request'): BoundedJson {
  if (text.length > limits.maxChars)
    return refuse(`${what} is ${text.length} characters long, over the ${limits.maxChars}-character limit`);
  if (depthOver(text, limits.maxDepth)) return refuse(`${what} is nested more than ${limits.maxDepth} levels deep`);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    return refuse(`${what} is not valid JSON${jsonErrorAt(e, text)}`);
  }
  const counted = checkValueBounds(value, limits, what);
  return counted === null ? { ok: true, value } : { ok: false, error: counted };
}

/** null when `value` is within the limits, else the refusal. */
export function checkValueBounds(
  value: unknown,
  limits: JsonLimits = REQUEST_LIMITS,
  what = 'the request',
): TactileError | null {
  const stack: Array<{ v: unknown; depth: number }> = [{ v: value, depth: 0 }];
  let nodes = 0;
  let chars = 0;
  while (stack.length > 0) {
    const { v, depth } = stack.pop()!;
    if (++nodes > limits.maxNodes) return refuse(`${what} has more than ${limits.maxNodes} values`).error;
    if (typeof v === 'string') {
      chars += v.length;
      if (chars > limits.maxChars)
        return refuse(`${what} carries more than ${limits.maxChars} characters of text`).error;
      continue;
    }
    if (typeof v !== 'object' || v === null || ArrayBuffer.isView(v)) continue;
    if (depth + 1 > limits.maxDepth) return refuse(`${what} is nested more than ${limits.maxDepth} levels deep`).error;
    const children: unknown[] = Array.isArray(v) ? v : Object.values(v);
    // Counted before they are pushed: a ten-million-element array is refused without walking it.
    if (nodes + stack.length + children.length > limits.maxNodes)
      return refuse(`${what} has more than ${limits.maxNodes} values`).error;
    if (!Array.isArray(v)) {
      for (const key of Object.keys(v)) chars += key.length;
      if (chars > limits.maxChars)
        return refuse(`${what} carries more than ${limits.maxChars} characters of text`).error;
    }
    for (const child of children) stack.push({ v: child, depth: depth + 1 });
  }
  return null;
}
