// tactile run FILE --serial S [--json] [--dialect agent] [--max-burst-actions N] [--new-task] [--server HOST:PORT]…
// --new-task starts a new task: the repeated-strategy guard forgets the cli's earlier attempts on the device.
// Executes one tool call on a device through the executor and prints its receipt (journaled like every
// receipt; SIGINT cancels it between events). Exit 0 when it succeeded (completed, or observed with no code), 1 otherwise, 2 for usage errors.
import { succeeded } from '../../../shared/receipts';
import { createExecutor, serverDeviceLinks } from '../../executor';
import { parseDialect, parseFlags, parsePositiveInt } from '../args';
import { EXIT, printErrors, usageError, type CliCommand } from '../command';
import { loadEnvelope } from '../load-call';
import { refuseSerial, SERVER_FLAG, SERVER_USAGE, serversFromFlags } from './device-common';

const usage = `tactile run FILE --serial S [--json] [--dialect agent] [--max-burst-actions N] [--new-task] ${SERVER_USAGE}`;

export const runCommand: CliCommand = {
  name: 'run',
  usage,
  async run(argv, io) {
    const flags = parseFlags(argv, { serial: { type: 'string' }, json: { type: 'boolean' }, dialect: { type: 'string' }, 'max-burst-actions': { type: 'string' }, 'new-task': { type: 'boolean' }, ...SERVER_FLAG });
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
    const loaded = await loadEnvelope(io, flags.positionals[0]!, dialect.value);
    if (!loaded.ok) return loaded.kind === 'unreadable' ? usageError(io, usage, loaded.message) : printErrors(io, loaded.errors, EXIT.invalid);
    const servers = serversFromFlags(flags.values.server);
    if (!servers.ok) return usageError(io, usage, servers.message);
    // The executor resolves the serial through adb (any alias adb accepts) to the device's identity, once.
    const links = serverDeviceLinks(servers.servers);
    try {
      const executor = createExecutor({ links, ...(maxBurst.value !== undefined && { maxBurstActions: maxBurst.value }) });
      // Ctrl-C stops the operation between events (receipt `cancelled`, or partial/unknown once input went
      // out); a second Ctrl-C gets Node's default and ends the process.
      const interrupt = new AbortController();
      const onSigint = () => interrupt.abort();
      process.once('SIGINT', onSigint);
      const receipt = await executor.run(loaded.envelope, { serial, owner: 'cli', newTask: flags.values['new-task'] === true, signal: interrupt.signal }).finally(() => process.removeListener('SIGINT', onSigint));
      io.stdout.write((flags.values.json === true ? JSON.stringify(receipt) : JSON.stringify(receipt, null, 2)) + '\n');
      return succeeded(receipt) ? EXIT.ok : EXIT.invalid;
    } finally {
      links.stop();
    }
  },
};
