// tactile observe --serial S [--json]: the device's current UI as the observed node tree.
import { observe } from '../../electron/adb';
import { deviceResolver } from '../../electron/device/identity';
import type { ObservedNode } from '../../shared/observation';
import { parseFlags } from '../args';
import { EXIT, printJson, usageError, type CliCommand } from '../command';
import { reportFailure, serversFromFlags } from './device-common';
import { refuseSerial, SERVER_FLAG } from './device-flags';
import { USAGE } from '../usage';

const usage = USAGE.observe;

function describe(n: ObservedNode): string {
  const flags = Object.entries(n.flags)
    .filter(([k, v]) => v && k !== 'enabled')
    .map(([k]) => k);
  if (!n.flags.enabled) flags.push('disabled');
  const parts = [
    `${'  '.repeat(n.depth)}[${n.index}] ${n.class_name}`,
    n.resource_id && `id=${n.resource_id}`,
    n.text && `text=${JSON.stringify(n.text)}`,
    n.content_desc && `desc=${JSON.stringify(n.content_desc)}`,
    `bounds=[${n.bounds.join(',')}]`,
    flags.join(' '),
  ];
  return parts.filter(Boolean).join(' ');
}

export const observeCommand: CliCommand = {
  name: 'observe',
  usage,
  async run(argv, io) {
    const flags = parseFlags(argv, { serial: { type: 'string' }, json: { type: 'boolean' }, ...SERVER_FLAG });
    if (!flags.ok) return usageError(io, usage, flags.message);
    const serial = flags.values.serial;
    if (serial === undefined || flags.positionals.length > 0)
      return usageError(io, usage, 'Give --serial S (see `tactile devices`).');
    const refused = refuseSerial(io, usage, serial);
    if (refused !== null) return refused;
    const servers = serversFromFlags(flags.values.server);
    if (!servers.ok) return usageError(io, usage, servers.message);
    const json = flags.values.json === true;
    try {
      const device = await deviceResolver(servers.servers)(serial);
      const result = await observe(device.server, device.serial);
      if (json) printJson(io, { ok: true, ...result });
      else {
        io.stdout.write(
          `${device.serial} ${result.screen.width}x${result.screen.height} rotation ${result.rotation}, ${result.nodes.length} nodes (bounds 0..1000)\n`,
        );
        io.stdout.write(result.nodes.map(describe).join('\n') + '\n');
      }
      return EXIT.ok;
    } catch (err) {
      return reportFailure(io, json, err);
    }
  },
};
