// fast-check arbitraries built from the seed's own JSON Schemas (000_58171f39be226953.txt):
// `seedValid` yields values the seed schema accepts, `seedMutant` values with one constraint broken
// somewhere (which may or may not still be seed-valid: the oracle decides). Hand-written because no
// maintained library turns draft 2020-12 schemas into fast-check arbitraries.
import fc from 'fast-check';

export type Schema = Record<string, unknown> & {
  $ref?: string;
  anyOf?: Schema[];
  enum?: unknown[];
  const?: unknown;
  type?: string;
  properties?: Record<string, Schema>;
  required?: string[];
  additionalProperties?: boolean;
  items?: Schema;
  minItems?: number;
  maxItems?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
};

/** Unbounded integers are drawn from here (a little beyond 0..1000 so OFF_SCREEN cases appear). */
const FREE_INT = { min: -50, max: 1100 };
const EXTRA_KEY = 'x_extra';

export class SeedArbitraries {
  constructor(private readonly defs: Record<string, Schema>) {}

  private resolve(s: Schema): Schema {
    return s.$ref ? this.resolve(this.defs[s.$ref.replace('#/$defs/', '')]!) : s;
  }

  seedValid(schema: Schema, topLevel = false): fc.Arbitrary<unknown> {
    const s = this.resolve(schema);
    if (s.anyOf) return fc.oneof(...s.anyOf.map((b) => this.seedValid(b)));
    if (s.const !== undefined) return fc.constant(s.const);
    if (s.enum) return fc.constantFrom(...s.enum);
    switch (s.type) {
      case 'integer': {
        const min = s.minimum ?? (s.exclusiveMinimum !== undefined ? s.exclusiveMinimum + 1 : FREE_INT.min);
        const max = s.maximum ?? Math.max(min, FREE_INT.max);
        return fc.oneof(fc.integer({ min, max }), fc.constantFrom(min, max));
      }
      case 'number': {
        const min = s.minimum ?? s.exclusiveMinimum ?? -1e6;
        const max = s.maximum ?? 1e6;
        const dbl = fc.double({
          min,
          max,
          noNaN: true,
          noDefaultInfinity: true,
          minExcluded: s.exclusiveMinimum !== undefined,
        });
        return fc.oneof(
          dbl,
          fc.integer({ min: Math.ceil(min + (s.exclusiveMinimum !== undefined ? 1 : 0)), max: Math.floor(max) }),
        );
      }
      case 'string': {
        if (s.pattern) return fc.stringMatching(new RegExp(s.pattern));
        const min = s.minLength ?? 0;
        const max = s.maxLength;
        const short = fc.string({ minLength: min, maxLength: Math.min(max ?? min + 8, min + 8) });
        return max === undefined ? short : fc.oneof(short, fc.constant('x'.repeat(max)));
      }
      case 'boolean':
        return fc.boolean();
      case 'null':
        return fc.constant(null);
      case 'array': {
        const min = s.minItems ?? 0;
        const max = Math.min(s.maxItems ?? min + 3, min + 3);
        return fc.array(this.seedValid(s.items ?? {}), { minLength: min, maxLength: max });
      }
      default:
        return this.object(s, topLevel);
    }
  }

  private object(s: Schema, topLevel: boolean): fc.Arbitrary<Record<string, unknown>> {
    const props = s.properties ?? {};
    const shape = Object.fromEntries(Object.entries(props).map(([k, v]) => [k, this.seedValid(v)]));
    const base = fc.record(shape, { requiredKeys: s.required ?? [] }) as fc.Arbitrary<Record<string, unknown>>;
    // The seed allows extra keys where it does not say additionalProperties:false (all tools' top level).
    if (s.additionalProperties === false || !topLevel) return base;
    return fc.tuple(base, fc.boolean()).map(([o, extra]) => (extra ? { ...o, [EXTRA_KEY]: 1 } : o));
  }

  seedMutant(schema: Schema): fc.Arbitrary<unknown> {
    const s = this.resolve(schema);
    const wrongType = fc.constantFrom<unknown>(null, 'x', 1.5, true, [], {});
    if (s.anyOf) return fc.oneof(...s.anyOf.map((b) => this.seedMutant(b)));
    if (s.const !== undefined || s.enum) return fc.oneof(fc.constant('not_an_option'), wrongType);
    switch (s.type) {
      case 'integer':
      case 'number': {
        const edges: unknown[] = [0.5];
        if (s.minimum !== undefined) edges.push(s.minimum - 1, s.minimum - 0.5);
        if (s.exclusiveMinimum !== undefined) edges.push(s.exclusiveMinimum);
        if (s.maximum !== undefined) edges.push(s.maximum + 1, s.maximum + 0.5);
        if (s.type === 'integer') edges.push(2 ** 53, -1, 1e21);
        return fc.oneof(fc.constantFrom(...edges), wrongType);
      }
      case 'string': {
        const bad: unknown[] = [42];
        if (s.maxLength !== undefined) bad.push('x'.repeat(s.maxLength + 1));
        if ((s.minLength ?? 0) > 0) bad.push('');
        if (s.pattern) bad.push('G'.repeat(64), 'a'.repeat(63));
        return fc.constantFrom(...bad);
      }
      case 'boolean':
      case 'null':
        return wrongType;
      case 'array': {
        const item = s.items ?? {};
        const options: fc.Arbitrary<unknown>[] = [wrongType];
        const min = s.minItems ?? 0;
        const max = Math.min(s.maxItems ?? min + 3, min + 3);
        if (s.maxItems !== undefined)
          options.push(fc.array(this.seedValid(item), { minLength: s.maxItems + 1, maxLength: s.maxItems + 1 }));
        if (min > 0) options.push(fc.array(this.seedValid(item), { minLength: min - 1, maxLength: min - 1 }));
        options.push(
          fc
            .tuple(
              fc.array(this.seedValid(item), { minLength: Math.max(min, 1), maxLength: Math.max(max, 1) }),
              this.seedMutant(item),
              fc.nat(),
            )
            .map(([arr, bad, i]) => arr.map((v, j) => (j === i % arr.length ? bad : v))),
        );
        return fc.oneof(...options);
      }
      default:
        return this.objectMutant(s);
    }
  }

  private objectMutant(s: Schema): fc.Arbitrary<unknown> {
    const props = Object.keys(s.properties ?? {});
    const valid = this.object(s, false);
    const options: fc.Arbitrary<unknown>[] = [
      valid.map((o) => ({ ...o, [EXTRA_KEY]: 1 })),
      fc.constantFrom<unknown>(null, [], 'x'),
    ];
    if ((s.required ?? []).length > 0) {
      options.push(
        fc.tuple(valid, fc.constantFrom(...s.required!)).map(([o, k]) => {
          const copy = { ...o };
          delete copy[k];
          return copy;
        }),
      );
    }
    if (props.length > 0) {
      options.push(
        fc
          .constantFrom(...props)
          .chain((k) => fc.tuple(valid, this.seedMutant(s.properties![k]!)).map(([o, bad]) => ({ ...o, [k]: bad }))),
      );
    }
    return fc.oneof(...options);
  }
}
