// The migration hook: a flow written in an older format is carried forward, one format at a time, to the one
// this Tactile reads (FLOW_FORMAT) before it is validated. tactile.flow/1 is the first format, so the chain is
// empty today; tactile.flow/2 adds `'tactile.flow/1': { to: 'tactile.flow/2', migrate }` here and moves FLOW_FORMAT.
// A format newer than FLOW_FORMAT is refused (never guessed at): it was written by a newer Tactile.
import { tactileError, type TactileError } from '../errors';
import { FLOW_FORMAT } from './format';

export interface FlowMigration {
  to: string;
  /** Pure: the document in format `to`. */
  migrate(doc: Record<string, unknown>): Record<string, unknown>;
}

/** Older format → its migration to the next format. */
export const FLOW_MIGRATIONS: Readonly<Record<string, FlowMigration>> = {};

const VERSIONED = /^tactile\.flow\/([1-9]\d{0,5})$/;

export type Migrated =
  { ok: true; value: Record<string, unknown>; migrated_from: string | null } | { ok: false; errors: TactileError[] };

export function migrateFlow(
  value: unknown,
  migrations: Readonly<Record<string, FlowMigration>> = FLOW_MIGRATIONS,
  current = FLOW_FORMAT,
): Migrated {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return {
      ok: false,
      errors: [tactileError('INVALID_ARGUMENT', [], 'A flow is a JSON object with "format": "' + current + '".')],
    };
  }
  let doc = value as Record<string, unknown>;
  const first = doc['format'];
  if (first === undefined)
    return {
      ok: false,
      errors: [tactileError('INVALID_ARGUMENT', ['format'], `Required property is missing (expected "${current}").`)],
    };
  const seen = new Set<unknown>();
  while (doc['format'] !== current) {
    const format = doc['format'];
    const step = typeof format === 'string' ? migrations[format] : undefined;
    if (step === undefined || seen.has(format))
      return { ok: false, errors: [tactileError('INVALID_ARGUMENT', ['format'], unknownFormat(format, current))] };
    seen.add(format);
    doc = step.migrate(doc);
  }
  return { ok: true, value: doc, migrated_from: first === current ? null : String(first) };
}

function unknownFormat(format: unknown, current: string): string {
  const m = typeof format === 'string' ? VERSIONED.exec(format) : null;
  const mine = VERSIONED.exec(current);
  if (m && mine && Number(m[1]) > Number(mine[1]))
    return `This flow is ${format}, written by a newer Tactile; this one reads ${current}.`;
  return `Unknown flow format ${JSON.stringify(format)}; expected "${current}".`;
}
