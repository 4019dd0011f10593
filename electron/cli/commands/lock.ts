// tactile lock status [--serial S] [--json]: who holds which device on this machine (the device lock's view).
import { DeviceLocks, type LockStatus } from '../../device/lock';
import { parseFlags } from '../args';
import { EXIT, printJson, usageError, type CliCommand } from '../command';

const usage = 'tactile lock status [--serial S] [--json]';

function line(s: LockStatus): string {
  if (!s.holder) return `${s.serial}\t${s.state}`;
  const { owner, operation_id, acquired_at, uncertain_until } = s.holder;
  const uncertain = uncertain_until === null ? '' : `\tuncertain until ${new Date(uncertain_until).toISOString()}`;
  return `${s.serial}\t${s.state}\t${owner.client} pid ${owner.pid} on ${owner.hostname}\top ${operation_id}\tsince ${acquired_at}${uncertain}`;
}

export const lockCommand: CliCommand = {
  name: 'lock',
  usage,
  async run(argv, io) {
    const flags = parseFlags(argv, { serial: { type: 'string' }, json: { type: 'boolean' } });
    if (!flags.ok) return usageError(io, usage, flags.message);
    if (flags.positionals.length !== 1 || flags.positionals[0] !== 'status') return usageError(io, usage, 'lock takes exactly one subcommand: status.');
    if (flags.values.serial === '') return usageError(io, usage, '--serial needs a device serial.');
    const locks = new DeviceLocks().status(flags.values.serial);
    if (flags.values.json === true) printJson(io, { ok: true, locks });
    else if (locks.length === 0) io.stdout.write('no device locks\n');
    else for (const s of locks) io.stdout.write(line(s) + '\n');
    return EXIT.ok;
  },
};
