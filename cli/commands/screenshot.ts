// tactile screenshot --serial S -o FILE.png: the device screen as the PNG it produced (exec-out screencap -p).
import { writeFile } from 'node:fs/promises';
import { takeScreenshot } from '../../electron/adb';
import { deviceResolver } from '../../electron/device/identity';
import { parseFlags } from '../args';
import { EXIT, printJson, usageError, type CliCommand } from '../command';
import { reportFailure, serversFromFlags } from './device-common';
import { refuseSerial, SERVER_FLAG } from './device-flags';
import { USAGE } from '../usage';

const usage = USAGE.screenshot;

export const screenshotCommand: CliCommand = {
  name: 'screenshot',
  usage,
  async run(argv, io) {
    const flags = parseFlags(argv, {
      serial: { type: 'string' },
      output: { type: 'string', short: 'o' },
      json: { type: 'boolean' },
      ...SERVER_FLAG,
    });
    if (!flags.ok) return usageError(io, usage, flags.message);
    const { serial, output } = flags.values;
    if (serial === undefined || !output || flags.positionals.length > 0)
      return usageError(io, usage, 'Give --serial S and -o FILE.png.');
    const refused = refuseSerial(io, usage, serial);
    if (refused !== null) return refused;
    const servers = serversFromFlags(flags.values.server);
    if (!servers.ok) return usageError(io, usage, servers.message);
    const json = flags.values.json === true;
    let shot;
    let device;
    try {
      device = await deviceResolver(servers.servers)(serial);
      shot = await takeScreenshot(device.server, device.serial);
    } catch (err) {
      return reportFailure(io, json, err);
    }
    try {
      await writeFile(output, shot.png);
    } catch (e) {
      return usageError(
        io,
        usage,
        `Cannot write ${JSON.stringify(output)} (${(e as NodeJS.ErrnoException).code ?? e}).`,
      );
    }
    if (json)
      printJson(io, {
        ok: true,
        serial: device.serial,
        file: output,
        width: shot.width,
        height: shot.height,
        bytes: shot.png.length,
      });
    else io.stdout.write(`wrote ${output} (${shot.width}x${shot.height}, ${shot.png.length} bytes)\n`);
    return EXIT.ok;
  },
};
