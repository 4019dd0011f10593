// Runs: the receipts one source produced together, named by a run id every receipt of it carries (`run_id`).
// A run is a console session, one `tactile run` invocation, one `tactile flow run` invocation, an MCP session or
// a seed-003 bridge session. The id starts with its source, so a run's origin reads off its id alone.
import { z } from 'zod';

export const RUN_SOURCES = ['console', 'cli', 'flow', 'mcp', 'bridge'] as const;
export type RunSource = (typeof RUN_SOURCES)[number];

/** `<source>-<id>`: letters, digits and `._:-`, at most 128 characters (safe as a file name). */
export const RunIdSchema = z
  .string()
  .max(128)
  .regex(
    /^(console|cli|flow|mcp|bridge)-[A-Za-z0-9][A-Za-z0-9._:-]{0,119}$/,
    'expected a run id: <console|cli|flow|mcp|bridge>-<id>',
  );
export type RunId = z.infer<typeof RunIdSchema>;

/** The source a run id names; null for a string that is not a run id. */
export function runSourceOf(runId: string): RunSource | null {
  if (!RunIdSchema.safeParse(runId).success) return null;
  return runId.slice(0, runId.indexOf('-')) as RunSource;
}

/** A run id for `source` made of `unique` (a UUID, a session id); characters a run id cannot hold become `_`. */
export function runIdFor(source: RunSource, unique: string): RunId {
  const clean = unique.replace(/[^A-Za-z0-9._:-]/g, '_').slice(0, 120);
  return `${source}-${/^[A-Za-z0-9]/.test(clean) ? clean : `x${clean}`.slice(0, 120)}`;
}
