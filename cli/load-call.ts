// FILE → canonical envelope (shared by `validate`, `plan` and `run`) → validated call (`validate`; `plan` runs
// prepareCall on the envelope).
// Unreadable FILE is a usage error (exit 2); content that is not JSON, or is nested or sized past
// shared/limits, is an invalid request (exit 1, INVALID_ARGUMENT at path ""), like any other refused content.
import { fromAgentDialect } from '../shared/actions';
import type { ActionCall } from '../shared/actions';
import { validateToolCall } from '../shared/validation';
import { parseBoundedJson, REQUEST_LIMITS } from '../shared/limits/json-bounds';
import type { TactileError } from '../shared/errors';
import type { CliIo } from './command';

export interface LoadOptions {
  dialect: 'canonical' | 'agent';
  maxBurstActions?: number;
}

export type Loaded =
  | { ok: true; call: ActionCall }
  | { ok: false; kind: 'unreadable'; message: string }
  | { ok: false; kind: 'invalid'; errors: TactileError[] };

export type LoadedEnvelope =
  | { ok: true; envelope: unknown }
  | { ok: false; kind: 'unreadable'; message: string }
  | { ok: false; kind: 'invalid'; errors: TactileError[] };

/** The file's `{tool, args}` in the canonical model (the agent dialect converted), not yet validated. */
export async function loadEnvelope(io: CliIo, file: string, dialect: LoadOptions['dialect']): Promise<LoadedEnvelope> {
  let text: string;
  try {
    text = await io.readFile(file);
  } catch (e) {
    const reason = e instanceof Error && 'code' in e ? String(e.code) : 'unreadable';
    return { ok: false, kind: 'unreadable', message: `Cannot read ${JSON.stringify(file)} (${reason}).` };
  }
  // Size and depth are bounded before anything recursive (the dialect, zod, receipts) sees the content.
  const parsed = parseBoundedJson(text, REQUEST_LIMITS, 'FILE');
  if (!parsed.ok) return { ok: false, kind: 'invalid', errors: [parsed.error] };
  const json = parsed.value;
  if (dialect === 'canonical') return { ok: true, envelope: json };
  const converted = fromAgentDialect(json);
  return converted.ok
    ? { ok: true, envelope: converted.call }
    : { ok: false, kind: 'invalid', errors: converted.errors };
}

export async function loadCall(io: CliIo, file: string, options: LoadOptions): Promise<Loaded> {
  // The agent dialect is converted first; the canonical call then takes the same path as a canonical file.
  const loaded = await loadEnvelope(io, file, options.dialect);
  if (!loaded.ok) return loaded;
  const validated = validateToolCall(loaded.envelope, { maxBurstActions: options.maxBurstActions });
  return validated.ok ? { ok: true, call: validated.call } : { ok: false, kind: 'invalid', errors: validated.errors };
}
