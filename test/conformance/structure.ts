// A comparable outline of a JSON Schema: for every place reachable through properties/items/unions,
// its property names, required list, enum and const. Types and bounds are left to the ajv oracle.
import type { Schema } from './seed-arbitraries';

export interface Outline {
  properties?: string[];
  required?: string[];
  enum?: unknown[];
  const?: unknown;
}

type AnySchema = Schema & { oneOf?: Schema[]; prefixItems?: Schema[]; $defs?: Record<string, Schema> };

export function outline(root: AnySchema): Map<string, Outline> {
  const defs = root.$defs ?? {};
  const out = new Map<string, Outline>();
  const walk = (schema: AnySchema, path: string): void => {
    const s: AnySchema = schema.$ref ? defs[schema.$ref.replace('#/$defs/', '')]! : schema;
    const union = (s.anyOf ?? s.oneOf)?.filter((b) => b.type !== 'null');
    if (union && union.length === 1) return walk(union[0]!, path);
    if (union) {
      for (const b of union) {
        const r: AnySchema = b.$ref ? defs[b.$ref.replace('#/$defs/', '')]! : b;
        const action = r.properties?.action?.const;
        walk(b, `${path}|${typeof action === 'string' ? action : String(r.type)}`);
      }
      return;
    }
    const entry: Outline = {};
    if (s.properties) entry.properties = Object.keys(s.properties).sort();
    if (s.required) entry.required = [...s.required].sort();
    if (s.enum) entry.enum = [...s.enum].sort();
    if (s.const !== undefined) entry.const = s.const;
    out.set(path, entry);
    for (const [k, v] of Object.entries(s.properties ?? {})) walk(v, `${path}/${k}`);
    const item = s.prefixItems?.[0] ?? s.items;
    if (item && typeof item === 'object') walk(item, `${path}/[]`);
  };
  walk(root, '');
  return out;
}

/** Human-readable differences between two outlines ("path: what"). */
export function diffOutlines(seed: Map<string, Outline>, ours: Map<string, Outline>): string[] {
  const diffs: string[] = [];
  for (const path of new Set([...seed.keys(), ...ours.keys()])) {
    const a = seed.get(path);
    const b = ours.get(path);
    if (!a || !b) {
      diffs.push(`${path}: ${a ? 'missing in Tactile' : 'not in the seed'}`);
      continue;
    }
    for (const key of ['properties', 'required', 'enum', 'const'] as const) {
      if (JSON.stringify(a[key]) !== JSON.stringify(b[key]))
        diffs.push(`${path}: ${key} ${JSON.stringify(a[key])} → ${JSON.stringify(b[key])}`);
    }
  }
  return diffs.sort();
}
