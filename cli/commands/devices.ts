// tactile devices [--json]: the devices every configured adb server lists, with their state.
import { listAllDevices } from '../../electron/adb';
import { parseFlags } from '../args';
import { EXIT, printJson, usageError, type CliCommand } from '../command';
import { reportFailure, serversFromFlags } from './device-common';
import { SERVER_FLAG } from './device-flags';
import { USAGE } from '../usage';

const usage = USAGE.devices;

export const devicesCommand: CliCommand = {
  name: 'devices',
  usage,
  async run(argv, io) {
    const flags = parseFlags(argv, { json: { type: 'boolean' }, ...SERVER_FLAG });
    if (!flags.ok) return usageError(io, usage, flags.message);
    if (flags.positionals.length > 0) return usageError(io, usage, 'devices takes no arguments.');
    const servers = serversFromFlags(flags.values.server);
    if (!servers.ok) return usageError(io, usage, servers.message);
    const json = flags.values.json === true;
    try {
      const devices = await listAllDevices(servers.servers);
      if (json) printJson(io, { ok: true, devices });
      else if (devices.length === 0)
        io.stdout.write(`no devices on ${servers.servers.map((s) => s.address).join(', ')}\n`);
      else for (const d of devices) io.stdout.write(`${d.serial}\t${d.state}\t${d.server}\n`);
      return EXIT.ok;
    } catch (err) {
      return reportFailure(io, json, err);
    }
  },
};
