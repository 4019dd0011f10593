// tactile plan FILE --screen WxH: prepareCall against the screen (capabilities unknown: not checked), then print
// the dispatch plan in device pixels: the plan the executor would send on a device of that screen.
import { prepareCall } from '../../shared/prepare';
import { parseDialect, parseFlags, parsePositiveInt, parseSize } from '../args';
import { EXIT, printErrors, printJson, usageError, type CliCommand } from '../command';
import { loadEnvelope } from '../load-call';
import { USAGE } from '../usage';

const usage = USAGE.plan;

export const planCommand: CliCommand = {
  name: 'plan',
  usage,
  async run(argv, io) {
    const flags = parseFlags(argv, {
      screen: { type: 'string' },
      dialect: { type: 'string' },
      'max-burst-actions': { type: 'string' },
    });
    if (!flags.ok) return usageError(io, usage, flags.message);
    if (flags.positionals.length !== 1) return usageError(io, usage, 'Give exactly one FILE.');
    if (flags.values.screen === undefined) return usageError(io, usage, '--screen WxH is required.');
    const screen = parseSize('--screen', flags.values.screen);
    if (!screen.ok) return usageError(io, usage, screen.message);
    const dialect = parseDialect(flags.values.dialect);
    if (!dialect.ok) return usageError(io, usage, dialect.message);
    const maxBurst = parsePositiveInt('--max-burst-actions', flags.values['max-burst-actions']);
    if (!maxBurst.ok) return usageError(io, usage, maxBurst.message);

    const loaded = await loadEnvelope(io, flags.positionals[0]!, dialect.value);
    if (!loaded.ok) {
      return loaded.kind === 'unreadable'
        ? usageError(io, usage, loaded.message)
        : printErrors(io, loaded.errors, EXIT.invalid);
    }
    const prepared = prepareCall(loaded.envelope, screen.value, null, { maxBurstActions: maxBurst.value });
    if (!prepared.ok) return printErrors(io, prepared.issues, EXIT.invalid);
    printJson(io, { ok: true, ...prepared.plan });
    return EXIT.ok;
  },
};
