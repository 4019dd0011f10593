// tactile run FILE --serial S [--run NAME] [--json] [--dialect agent] [--max-burst-actions N] [--new-task] [--server HOST:PORT]…
// --new-task starts a new task: the repeated-strategy guard forgets the cli's earlier attempts on the device.
// --run NAME (or TACTILE_RUN=NAME) puts the call in the run `cli-NAME`, so a script's or an agent's calls read as
// one run in the debugger and the report; without it each call is a run of its own.
// Executes one tool call on a device through the executor and prints its receipt (journaled like every
// receipt). Exit 0 when it succeeded (completed, or observed with no code), 1 otherwise, 2 for usage errors.
// SIGINT/SIGTERM cancel the run between events: it prints and journals its own receipt (cancelled, or what
// its input did). If it has not answered within SIGNAL_GRACE_MS, input still under way is journaled as
// `unknown` and the process exits 130/143. A kill -9 leaves an intent that the next start recovers.
import { runIdFor, succeeded } from '../../shared/receipts';
import { createExecutor, serverDeviceLinks } from '../../electron/executor';
import { parseDialect, parseFlags, parsePositiveInt } from '../args';
import { EXIT, printErrors, usageError, type CliCommand } from '../command';
import { loadEnvelope } from '../load-call';
import { serversFromFlags } from './device-common';
import { refuseSerial, SERVER_FLAG } from './device-flags';
import { USAGE } from '../usage';

/** How long a signalled run may take to stop between events and write its own receipt. */
const SIGNAL_GRACE_MS = 2000;

const usage = USAGE.run;

/** A run name: what follows `cli-` in its run id, so it is kept exactly (letters, digits, `._:-`). */
const RUN_NAME = /^[A-Za-z0-9][A-Za-z0-9._:-]{0,99}$/;

/** --run NAME, else TACTILE_RUN, else none; an unusable name is a usage error naming where it came from. */
function runNameOf(flag: string | undefined): { ok: true; name: string | null } | { ok: false; message: string } {
  const env = process.env['TACTILE_RUN'];
  const [name, from] =
    flag !== undefined ? [flag, '--run'] : env !== undefined && env !== '' ? [env, 'TACTILE_RUN'] : [null, ''];
  if (name === null) return { ok: true, name: null };
  return RUN_NAME.test(name)
    ? { ok: true, name }
    : {
        ok: false,
        message: `${from} must be 1–100 letters, digits or ._:- starting with a letter or digit, got ${JSON.stringify(name.slice(0, 120))}.`,
      };
}

export const runCommand: CliCommand = {
  name: 'run',
  usage,
  async run(argv, io) {
    const flags = parseFlags(argv, {
      serial: { type: 'string' },
      json: { type: 'boolean' },
      dialect: { type: 'string' },
      'max-burst-actions': { type: 'string' },
      'new-task': { type: 'boolean' },
      run: { type: 'string' },
      ...SERVER_FLAG,
    });
    if (!flags.ok) return usageError(io, usage, flags.message);
    if (flags.positionals.length !== 1) return usageError(io, usage, 'run takes exactly one FILE.');
    const serial = flags.values.serial;
    if (serial === undefined) return usageError(io, usage, '--serial is required.');
    const refused = refuseSerial(io, usage, serial);
    if (refused !== null) return refused;
    const dialect = parseDialect(flags.values.dialect);
    if (!dialect.ok) return usageError(io, usage, dialect.message);
    const maxBurst = parsePositiveInt('--max-burst-actions', flags.values['max-burst-actions']);
    if (!maxBurst.ok) return usageError(io, usage, maxBurst.message);
    const runName = runNameOf(flags.values.run);
    if (!runName.ok) return usageError(io, usage, runName.message);
    const loaded = await loadEnvelope(io, flags.positionals[0]!, dialect.value);
    if (!loaded.ok)
      return loaded.kind === 'unreadable'
        ? usageError(io, usage, loaded.message)
        : printErrors(io, loaded.errors, EXIT.invalid);
    const servers = serversFromFlags(flags.values.server);
    if (!servers.ok) return usageError(io, usage, servers.message);
    // The executor resolves the serial through adb (any alias adb accepts) to the device's identity, once.
    const links = serverDeviceLinks(servers.servers);
    try {
      const named = runName.name !== null ? { runId: runIdFor('cli', runName.name), runName: runName.name } : {};
      const executor = createExecutor({
        links,
        ...named,
        ...(maxBurst.value !== undefined && { maxBurstActions: maxBurst.value }),
      });
      const cancel = new AbortController();
      const onSignal = (signal: NodeJS.Signals) => {
        cancel.abort();
        setTimeout(() => {
          executor.abandonInFlight(`tactile run received ${signal}`);
          process.exit(signal === 'SIGINT' ? 130 : 143);
        }, SIGNAL_GRACE_MS).unref();
      };
      process.once('SIGINT', onSignal);
      process.once('SIGTERM', onSignal);
      let receipt;
      try {
        receipt = await executor.run(loaded.envelope, {
          serial,
          owner: 'cli',
          newTask: flags.values['new-task'] === true,
          signal: cancel.signal,
        });
      } finally {
        process.off('SIGINT', onSignal);
        process.off('SIGTERM', onSignal);
      }
      io.stdout.write((flags.values.json === true ? JSON.stringify(receipt) : JSON.stringify(receipt, null, 2)) + '\n');
      // The receipt is out; the after screen settles and is stored before the process ends.
      await executor.drainEvidence();
      return succeeded(receipt) ? EXIT.ok : EXIT.invalid;
    } finally {
      links.stop();
    }
  },
};
