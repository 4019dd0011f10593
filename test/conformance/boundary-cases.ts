// Every single-site boundary case of a seed schema: a deterministic valid instance with exactly one place
// set to a value just inside or just outside one of its constraints (bounds, lengths, item counts,
// enums, consts, patterns, unknown keys, missing required keys). Complements the random fast-check runs,
// which rarely hit an exact edge.
import type { Schema } from './seed-arbitraries';

export class BoundaryCases {
  constructor(private readonly defs: Record<string, Schema>) {}

  private resolve(s: Schema): Schema {
    return s.$ref ? this.resolve(this.defs[s.$ref.replace('#/$defs/', '')]!) : s;
  }

  /** A deterministic seed-valid instance. */
  example(schema: Schema): unknown {
    const s = this.resolve(schema);
    if (s.anyOf) return this.example(s.anyOf[0]!);
    if (s.const !== undefined) return s.const;
    if (s.enum) return s.enum[0];
    switch (s.type) {
      case 'integer':
      case 'number':
        return s.minimum ?? (s.exclusiveMinimum !== undefined ? s.exclusiveMinimum + 1 : Math.min(0, s.maximum ?? 0));
      case 'string':
        return s.pattern ? 'a'.repeat(64) : 'x'.repeat(Math.max(s.minLength ?? 0, 1));
      case 'boolean':
        return false;
      case 'null':
        return null;
      case 'array':
        return Array.from({ length: s.minItems ?? 0 }, () => this.example(s.items ?? {}));
      default:
        return Object.fromEntries((s.required ?? []).map((k) => [k, this.example(s.properties![k]!)]));
    }
  }

  /** Values at and just past each constraint of this node, and (recursively) of its children. */
  cases(schema: Schema): unknown[] {
    const s = this.resolve(schema);
    if (s.anyOf) return s.anyOf.flatMap((b) => this.cases(b));
    if (s.const !== undefined) return [s.const, 'not_an_option', null];
    if (s.enum) return [...s.enum, 'not_an_option', null];
    switch (s.type) {
      case 'integer':
      case 'number': {
        const out: unknown[] = ['1', null];
        if (s.minimum !== undefined) out.push(s.minimum, s.minimum - 1, s.minimum - 0.5);
        if (s.exclusiveMinimum !== undefined)
          out.push(s.exclusiveMinimum, s.exclusiveMinimum + 0.001, s.exclusiveMinimum + 1);
        if (s.maximum !== undefined) out.push(s.maximum, s.maximum + 1, s.maximum + 0.5);
        if (s.minimum === undefined && s.exclusiveMinimum === undefined) out.push(-1, 0, 1);
        out.push(s.type === 'integer' ? 0.5 : 2.25);
        return out;
      }
      case 'string': {
        const out: unknown[] = [7, null];
        const min = s.minLength ?? 0;
        out.push('x'.repeat(min));
        if (min > 0) out.push('x'.repeat(min - 1));
        if (s.maxLength !== undefined) out.push('x'.repeat(s.maxLength), 'x'.repeat(s.maxLength + 1));
        if (s.pattern) out.push('a'.repeat(64), 'f'.repeat(64), 'A'.repeat(64), 'a'.repeat(63), 'a'.repeat(65));
        return out;
      }
      case 'boolean':
        return [true, false, 'true'];
      case 'null':
        return [null];
      case 'array': {
        const item = s.items ?? {};
        const fill = (n: number) => Array.from({ length: n }, () => this.example(item));
        const min = s.minItems ?? 0;
        const out: unknown[] = [{}, fill(min), fill(min + 1)];
        if (min > 0) out.push(fill(min - 1));
        if (s.maxItems !== undefined) out.push(fill(s.maxItems), fill(s.maxItems + 1));
        for (const c of this.cases(item)) out.push([c, ...fill(Math.max(min, 1) - 1)]);
        return out;
      }
      default: {
        const base = this.example(s) as Record<string, unknown>;
        const out: unknown[] = [base, [], { ...base, x_extra: 1 }];
        for (const k of s.required ?? []) {
          const copy = { ...base };
          delete copy[k];
          out.push(copy);
        }
        for (const [k, v] of Object.entries(s.properties ?? {})) {
          for (const c of this.cases(v)) out.push({ ...base, [k]: c });
        }
        return out;
      }
    }
  }
}
