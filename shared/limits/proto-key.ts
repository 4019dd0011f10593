// `__proto__` as a key of a decoded request. JSON.parse makes it an ordinary own property, but every copy the
// way zod's z.record / looseObject (and Object.assign) make one assigns it, which sets the copy's prototype
// instead: the key vanishes before any strict schema can refuse it. So the raw value is searched first, and
// the key is refused with INVALID_ARGUMENT at its path like any other unknown key. Iterative, like the bounds.
import { tactileError, type TactileError } from '../errors';

const PROTO = '__proto__';

interface Visit {
  value: unknown;
  parent: Visit | null;
  key: string | number;
}

function pathOf(visit: Visit): Array<string | number> {
  const path: Array<string | number> = [];
  for (let v: Visit | null = visit; v !== null && v.parent !== null; v = v.parent) path.unshift(v.key);
  return path;
}

/** The first own `__proto__` key in `value` (depth first), refused with its path; null when there is none. */
export function refuseProtoKey(value: unknown, prefix: ReadonlyArray<string | number> = []): TactileError | null {
  const stack: Visit[] = [{ value, parent: null, key: '' }];
  while (stack.length > 0) {
    const visit = stack.pop()!;
    const v = visit.value;
    if (typeof v !== 'object' || v === null || ArrayBuffer.isView(v)) continue;
    if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) stack.push({ value: v[i], parent: visit, key: i });
      continue;
    }
    if (Object.prototype.hasOwnProperty.call(v, PROTO)) {
      return tactileError(
        'INVALID_ARGUMENT',
        [...prefix, ...pathOf(visit), PROTO],
        `Unknown property "${PROTO}" is not allowed here.`,
      );
    }
    const keys = Object.keys(v);
    for (let i = keys.length - 1; i >= 0; i--)
      stack.push({ value: (v as Record<string, unknown>)[keys[i]!], parent: visit, key: keys[i]! });
  }
  return null;
}
