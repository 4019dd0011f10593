// The fields of a step's args form, derived from its tool's published JSON Schema (shared/actions
// toolJsonSchema, the input side): one field per property, nested objects (a selector) as their own fields,
// points and rects as numbers, enums as choices, nullable values clearable to null; anything else (a list of
// members, keyframes) is edited as JSON. Values are read and written at a property path.
import type { JsonSchema } from '../../shared/actions';

export type FieldKind =
  | { kind: 'number'; integer: boolean; min?: number; max?: number }
  | { kind: 'text' }
  | { kind: 'enum'; options: string[] }
  | { kind: 'boolean' }
  | { kind: 'numbers'; count: number }
  | { kind: 'object'; fields: Field[] }
  | { kind: 'json' };

export interface Field {
  path: string[];
  name: string;
  required: boolean;
  nullable: boolean;
  type: FieldKind;
}

type S = Record<string, unknown>;

function resolve(schema: S, root: S): S {
  const ref = schema.$ref;
  if (typeof ref === 'string' && ref.startsWith('#/$defs/'))
    return ((root.$defs as S | undefined)?.[ref.slice(8)] as S | undefined) ?? schema;
  return schema;
}

function unwrapNull(schema: S, root: S): { schema: S; nullable: boolean } {
  const any = schema.anyOf as S[] | undefined;
  if (any && any.length === 2 && any.some((x) => x.type === 'null'))
    return {
      schema: resolve(
        any.find((x) => x.type !== 'null')!,
        root,
      ),
      nullable: true,
    };
  if (Array.isArray(schema.type) && schema.type.includes('null')) {
    const rest = (schema.type as string[]).filter((t) => t !== 'null');
    return { schema: { ...schema, type: rest.length === 1 ? rest[0] : rest }, nullable: true };
  }
  return { schema: resolve(schema, root), nullable: false };
}

function kindOf(schema: S, root: S, path: string[]): FieldKind {
  const type = schema.type;
  if (type === 'integer' || type === 'number') {
    return {
      kind: 'number',
      integer: type === 'integer',
      ...(typeof schema.minimum === 'number' && { min: schema.minimum }),
      ...(typeof schema.maximum === 'number' && { max: schema.maximum }),
    };
  }
  if (type === 'string')
    return Array.isArray(schema.enum) ? { kind: 'enum', options: schema.enum as string[] } : { kind: 'text' };
  if (type === 'boolean') return { kind: 'boolean' };
  const items = schema.prefixItems as S[] | undefined;
  if (type === 'array' && items && items.every((i) => i.type === 'integer' || i.type === 'number'))
    return { kind: 'numbers', count: items.length };
  if (type === 'object' && schema.properties) return { kind: 'object', fields: fieldsOf(schema, root, path) };
  return { kind: 'json' };
}

function fieldsOf(schema: S, root: S, base: string[]): Field[] {
  const props = (schema.properties ?? {}) as Record<string, S>;
  const required = new Set((schema.required as string[] | undefined) ?? []);
  return Object.entries(props).map(([name, raw]) => {
    const { schema: inner, nullable } = unwrapNull(raw, root);
    const path = [...base, name];
    return { path, name, required: required.has(name), nullable, type: kindOf(inner, root, path) };
  });
}

export function argsFields(schema: JsonSchema): Field[] {
  return fieldsOf(schema as S, schema as S, []);
}

export function getAt(value: unknown, path: readonly string[]): unknown {
  return path.reduce<unknown>((v, k) => (v !== null && typeof v === 'object' ? (v as S)[k] : undefined), value);
}

/** A copy of `value` with `path` set (`undefined` removes the property, so its default applies). */
export function setAt(value: S, path: readonly string[], next: unknown): S {
  const [head, ...rest] = path;
  if (head === undefined) return value;
  const copy = { ...value };
  if (rest.length === 0) {
    if (next === undefined) delete copy[head];
    else copy[head] = next;
    return copy;
  }
  const child = copy[head];
  copy[head] = setAt(child !== null && typeof child === 'object' ? (child as S) : {}, rest, next);
  return copy;
}

/** The JSON Pointer of a field inside an envelope (where prepareCall reports its issues). */
export const pointerOf = (path: readonly string[]) => `/args/${path.join('/')}`;
