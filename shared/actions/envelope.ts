// The `{tool, args}` envelope that files, IPC requests and the CLI carry.
import { z } from 'zod';
import type { TactileError } from '../errors';
import { MAX_TOOL_NAME } from './bounds';
import { issuesToErrors } from './issues';
import { parseToolArgs, type ParseResult } from './parse';

export const ToolEnvelopeSchema = z.strictObject({
  tool: z.string().max(MAX_TOOL_NAME),
  args: z.record(z.string(), z.unknown()).default({}),
});

export type ToolEnvelope = z.output<typeof ToolEnvelopeSchema>;

/** Checks the envelope's shape; `args` may be omitted for tools without required arguments. */
export function parseEnvelope(
  envelope: unknown,
): { ok: true; envelope: ToolEnvelope } | { ok: false; errors: TactileError[] } {
  const result = ToolEnvelopeSchema.safeParse(envelope);
  return result.success
    ? { ok: true, envelope: result.data }
    : { ok: false, errors: issuesToErrors(result.error.issues, []) };
}

/** Envelope shape, then the tool's schema. */
export function parseToolCall(envelope: unknown): ParseResult {
  const parsed = parseEnvelope(envelope);
  return parsed.ok ? parseToolArgs(parsed.envelope.tool, parsed.envelope.args) : parsed;
}
