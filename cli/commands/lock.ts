// tactile lock status [--serial S] [--json]: who holds which device on this machine (the device lock's view).
// Locks are keyed by device identity; S is that identity or the adb serial the holder used (no adb needed).
import { DeviceLocks, type LockStatus } from '../../electron/device/lock';
import { parseFlags } from '../args';
import { EXIT, printJson, usageError, type CliCommand } from '../command';
import { refuseSerial } from './device-flags';
import { USAGE } from '../usage';

const usage = USAGE.lock;

function line(s: LockStatus): string {
  const device = s.device === s.serial ? s.serial : `${s.serial} (${s.device})`;
  if (!s.holder) return `${device}\t${s.state}`;
  const { owner, operation_id, acquired_at, uncertain_until } = s.holder;
  const uncertain = uncertain_until === null ? '' : `\tuncertain until ${new Date(uncertain_until).toISOString()}`;
  return `${device}\t${s.state}\t${owner.client} pid ${owner.pid} on ${owner.hostname}\top ${operation_id}\tsince ${acquired_at}${uncertain}`;
}

export const lockCommand: CliCommand = {
  name: 'lock',
  usage,
  async run(argv, io) {
    const flags = parseFlags(argv, { serial: { type: 'string' }, json: { type: 'boolean' } });
    if (!flags.ok) return usageError(io, usage, flags.message);
    if (flags.positionals.length !== 1 || flags.positionals[0] !== 'status')
      return usageError(io, usage, 'lock takes exactly one subcommand: status.');
    const refused = flags.values.serial === undefined ? null : refuseSerial(io, usage, flags.values.serial);
    if (refused !== null) return refused;
    const locks = new DeviceLocks().status(flags.values.serial);
    if (flags.values.json === true) printJson(io, { ok: true, locks });
    else if (locks.length === 0) io.stdout.write('no device locks\n');
    else for (const s of locks) io.stdout.write(line(s) + '\n');
    return EXIT.ok;
  },
};
