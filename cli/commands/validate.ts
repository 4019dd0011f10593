// tactile validate FILE: schema + semantic validation of one `{tool, args}` call; prints the call with defaults filled.
import { parseDialect, parseFlags, parsePositiveInt } from '../args';
import { EXIT, printErrors, printJson, usageError, type CliCommand } from '../command';
import { loadCall } from '../load-call';
import { USAGE } from '../usage';

const usage = USAGE.validate;

export const validateCommand: CliCommand = {
  name: 'validate',
  usage,
  async run(argv, io) {
    const flags = parseFlags(argv, { dialect: { type: 'string' }, 'max-burst-actions': { type: 'string' } });
    if (!flags.ok) return usageError(io, usage, flags.message);
    if (flags.positionals.length !== 1) return usageError(io, usage, 'Give exactly one FILE.');
    const dialect = parseDialect(flags.values.dialect);
    if (!dialect.ok) return usageError(io, usage, dialect.message);
    const maxBurst = parsePositiveInt('--max-burst-actions', flags.values['max-burst-actions']);
    if (!maxBurst.ok) return usageError(io, usage, maxBurst.message);

    const loaded = await loadCall(io, flags.positionals[0]!, {
      dialect: dialect.value,
      maxBurstActions: maxBurst.value,
    });
    if (!loaded.ok) {
      return loaded.kind === 'unreadable'
        ? usageError(io, usage, loaded.message)
        : printErrors(io, loaded.errors, EXIT.invalid);
    }
    printJson(io, { ok: true, tool: loaded.call.tool, args: loaded.call.args });
    return EXIT.ok;
  },
};
