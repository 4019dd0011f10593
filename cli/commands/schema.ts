// tactile schema [TOOL|flow]: the JSON Schema (draft 2020-12) Tactile enforces for one tool's args, or for all
// tools as {"ok":true,"tools":{NAME: schema}}. A single tool's schema is printed bare so it can be piped to a validator;
// `flow` (no tool has that name) prints the tactile.flow/1 document's schema the same way.
import { TOOL_NAMES, allToolJsonSchemas, isToolName, toolJsonSchema } from '../../shared/actions';
import { flowJsonSchema } from '../../shared/flows';
import { parseFlags } from '../args';
import { EXIT, printJson, usageError, type CliCommand } from '../command';
import { USAGE } from '../usage';

const usage = USAGE.schema;

export const schemaCommand: CliCommand = {
  name: 'schema',
  usage,
  async run(argv, io) {
    const flags = parseFlags(argv, {});
    if (!flags.ok) return usageError(io, usage, flags.message);
    if (flags.positionals.length > 1) return usageError(io, usage, 'Give at most one TOOL.');
    const tool = flags.positionals[0];
    if (tool === undefined) {
      printJson(io, { ok: true, tools: allToolJsonSchemas() });
      return EXIT.ok;
    }
    if (tool === 'flow') {
      printJson(io, flowJsonSchema());
      return EXIT.ok;
    }
    if (!isToolName(tool)) {
      return usageError(
        io,
        usage,
        `Unknown tool ${JSON.stringify(tool)}; expected one of ${TOOL_NAMES.join(', ')}.`,
        'UNKNOWN_TOOL',
      );
    }
    printJson(io, toolJsonSchema(tool));
    return EXIT.ok;
  },
};
