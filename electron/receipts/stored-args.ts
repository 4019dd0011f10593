// What a receipt keeps of its arguments. A refused request keeps its arguments as sent (they are the evidence
// of what was refused), so a 16 MB request would become a 16 MB journal line and a 16 MB event to every
// client. Each stored argument value is capped instead: a value whose JSON text is over VALUE_CAP_BYTES is
// kept only if it is an object or array whose members, capped the same way, fit in CONTAINER_CAP_BYTES;
// otherwise it is replaced by a marker with its size and hash:
//   {"$omitted": true, "type": "string", "length": 16672000, "sha256": "…"}
// `length` is the UTF-8 byte length of the value's JSON text and `sha256` the hash of that text, so the value
// can still be matched against a copy kept elsewhere. Nesting deeper than MAX_DEPTH is omitted the same way.
import { createHash } from 'node:crypto';
import type { OmittedValue } from '../../shared/receipts/omitted';
import type { Receipt } from '../../shared/receipts/receipt';

export type { OmittedValue };

export const VALUE_CAP_BYTES = 4096;
export const CONTAINER_CAP_BYTES = 64 * 1024;
export const MAX_DEPTH = 32;

function typeOf(value: unknown): OmittedValue['type'] {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  const t = typeof value;
  return t === 'string' || t === 'number' || t === 'boolean' ? t : 'object';
}

function jsonText(value: unknown): string | null {
  try {
    return JSON.stringify(value) ?? null;
  } catch {
    return null; // nesting beyond what the serializer can walk
  }
}

export function omitted(value: unknown, text: string | null = jsonText(value)): OmittedValue {
  return {
    $omitted: true,
    type: typeOf(value),
    length: text === null ? null : Buffer.byteLength(text, 'utf8'),
    sha256: text === null ? null : createHash('sha256').update(text, 'utf8').digest('hex'),
  };
}

function cap(value: unknown, depth: number): unknown {
  const text = jsonText(value);
  if (text !== null && text.length * 3 <= VALUE_CAP_BYTES) return value; // fast path: ≤ 3 UTF-8 bytes per UTF-16 unit
  const bytes = text === null ? Infinity : Buffer.byteLength(text, 'utf8');
  if (bytes <= VALUE_CAP_BYTES) return value;
  if (typeof value !== 'object' || value === null || depth >= MAX_DEPTH || text === null) return omitted(value, text);
  const members = Array.isArray(value)
    ? value.map((v) => cap(v, depth + 1))
    : Object.fromEntries(Object.entries(value).map(([k, v]) => [k, cap(v, depth + 1)]));
  return Buffer.byteLength(JSON.stringify(members), 'utf8') <= CONTAINER_CAP_BYTES ? members : omitted(value, text);
}

/** The arguments as a receipt stores them: every value within the caps, oversized ones marked as omitted. */
export function storedArgs(args: unknown): unknown {
  return cap(args, 0);
}

/** The receipt with its arguments capped (what the executor returns, journals and announces). */
export function withStoredArgs(receipt: Receipt): Receipt {
  const args = storedArgs(receipt.args);
  return args === receipt.args ? receipt : { ...receipt, args };
}
