// Schema layer only: is this a known tool, and do its arguments match the seed's schema (defaults filled)?
// Semantic rules (OFF_SCREEN, END_XOR_CALIBRATION, …) run afterwards in shared/validation.
import { tactileError, type TactileError } from '../errors';
import { issuesToErrors } from './issues';
import { ALL_TOOL_NAMES, allToolSchemas, isToolName, type ActionCall } from './registry';

export type ParseResult = { ok: true; call: ActionCall } | { ok: false; errors: TactileError[] };

export function parseToolArgs(tool: string, args: unknown): ParseResult {
  if (!isToolName(tool)) {
    return {
      ok: false,
      errors: [
        tactileError(
          'UNKNOWN_TOOL',
          ['tool'],
          `Unknown tool ${JSON.stringify(tool)}; expected one of ${ALL_TOOL_NAMES.join(', ')}.`,
        ),
      ],
    };
  }
  const result = allToolSchemas[tool].safeParse(args);
  if (!result.success) return { ok: false, errors: issuesToErrors(result.error.issues, ['args']) };
  // The schema chosen by `tool` produced these args, so the pair is an ActionCall by construction.
  return { ok: true, call: { tool, args: result.data } as ActionCall };
}
