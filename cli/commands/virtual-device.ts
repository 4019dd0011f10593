// tactile virtual-device: starts the simulated phone, connects it to the adb server (`adb connect`), prints its
// serial on stdout and serves until SIGINT/SIGTERM, then disconnects it and stops cleanly.
import { DeviceLayerError } from '../../electron/adb';
import { parseFlags, parsePositiveInt, parseSize } from '../args';
import { EXIT, printJson, usageError, type CliCommand } from '../command';
import { reportFailure, serversFromFlags } from './device-common';
import { SERVER_FLAG } from './device-flags';
import { USAGE } from '../usage';
import { untilSignal } from '../until-signal';

const usage = USAGE['virtual-device'];

export const virtualDeviceCommand: CliCommand = {
  name: 'virtual-device',
  usage,
  async run(argv, io) {
    const flags = parseFlags(argv, {
      port: { type: 'string' },
      size: { type: 'string' },
      density: { type: 'string' },
      sdk: { type: 'string' },
      json: { type: 'boolean' },
      ...SERVER_FLAG,
    });
    if (!flags.ok) return usageError(io, usage, flags.message);
    if (flags.positionals.length > 0) return usageError(io, usage, 'virtual-device takes no arguments.');
    const port = parsePositiveInt('--port', flags.values.port);
    if (!port.ok) return usageError(io, usage, port.message);
    if (port.value !== undefined && port.value > 65535) return usageError(io, usage, '--port must be at most 65535.');
    const density = parsePositiveInt('--density', flags.values.density);
    if (!density.ok) return usageError(io, usage, density.message);
    const sdk = parsePositiveInt('--sdk', flags.values.sdk);
    if (!sdk.ok) return usageError(io, usage, sdk.message);
    const size = flags.values.size === undefined ? undefined : parseSize('--size', flags.values.size);
    if (size && !size.ok) return usageError(io, usage, size.message);
    const servers = serversFromFlags(flags.values.server);
    if (!servers.ok) return usageError(io, usage, servers.message);
    const json = flags.values.json === true;
    const adb = servers.servers[0]!;

    const signal = untilSignal();
    let device;
    try {
      // Loaded on demand: the simulation (canvas, lab) is heavy and no other command needs it.
      const { startVirtualDevice } = await import('../../virtual-device/virtual-device');
      device = await startVirtualDevice({
        port: port.value,
        density: density.value,
        sdk: sdk.value,
        width: size?.value.width,
        height: size?.value.height,
        // Benchmarks in another process pair the frames they present with when the device sent them.
        videoPacketLog: process.env['TACTILE_VIRTUAL_DEVICE_PACKET_LOG'] || undefined,
      });
    } catch (e) {
      signal.dispose();
      const code = (e as NodeJS.ErrnoException).code;
      return reportFailure(
        io,
        json,
        new DeviceLayerError(
          'UNAVAILABLE',
          `cannot start the virtual device: ${code === 'EADDRINUSE' ? `port ${flags.values.port} is in use` : String(e)}`,
          { cause: e },
        ),
      );
    }
    let serial: string;
    try {
      serial = await adb.connect(`127.0.0.1:${device.port}`);
      await adb.waitForDevice(serial);
    } catch (err) {
      signal.dispose();
      await device.stop();
      return reportFailure(io, json, err);
    }
    if (json) printJson(io, { ok: true, serial, port: device.port, server: adb.address });
    else {
      io.stdout.write(`${serial}\n`);
      io.stderr.write(`virtual device ${serial} is connected to the adb server at ${adb.address}; Ctrl-C stops it\n`);
    }
    await signal.received;
    await adb.disconnect(serial).catch(() => undefined);
    await device.stop();
    return EXIT.ok;
  },
};
