// tactile bridge --serial S --port P --token-file F [--approve ask|session] [--listen ADDR] [--server HOST:PORT]…
// Serves seed 003's owner-approved bridge for one device on loopback. A new device-scoped token is written to F
// (created new with mode 0600, never through a symlink; never printed or logged) and the owner's 15-minute
// session opens; Ctrl-C stops it. Prints one JSON line: url, device id, session end.
import { getDeviceInfo, locateDevice, type AdbServer } from '../../electron/adb';
import { deviceIdOf, startBridge } from '../../agents/bridge003/server';
import { writeSecretFile } from '../../agents/security/secret-file';
import { issueToken } from '../../agents/security/token';
import { parseFlags, parsePositiveInt } from '../args';
import { EXIT, printJson, usageError, type CliCommand } from '../command';
import { listenAddress, openAgentHost, parseApprove } from './agent-host';
import { serversFromFlags } from './device-common';
import { refuseSerial, SERVER_FLAG } from './device-flags';
import { untilSignal } from '../until-signal';
import { USAGE } from '../usage';

const usage = USAGE.bridge;

/** The device's model for the bridge's status, or the serial when adb cannot say. */
async function deviceName(servers: readonly AdbServer[], serial: string): Promise<string> {
  try {
    return (await getDeviceInfo(await locateDevice(servers, serial), serial)).model;
  } catch {
    return serial;
  }
}

export const bridgeCommand: CliCommand = {
  name: 'bridge',
  usage,
  async run(argv, io) {
    const flags = parseFlags(argv, {
      serial: { type: 'string' },
      port: { type: 'string' },
      'token-file': { type: 'string' },
      approve: { type: 'string' },
      listen: { type: 'string' },
      ...SERVER_FLAG,
    });
    if (!flags.ok) return usageError(io, usage, flags.message);
    if (flags.positionals.length > 0) return usageError(io, usage, 'bridge takes no arguments.');
    const serial = flags.values.serial;
    if (serial === undefined) return usageError(io, usage, '--serial is required.');
    const refused = refuseSerial(io, usage, serial);
    if (refused !== null) return refused;
    const port = parsePositiveInt('--port', flags.values.port);
    if (!port.ok || port.value === undefined || port.value > 65535)
      return usageError(io, usage, '--port must be a port number (1..65535).');
    const tokenFile = flags.values['token-file'];
    if (!tokenFile) return usageError(io, usage, '--token-file is required.');
    const policy = parseApprove(flags.values.approve, ['ask', 'session']);
    if (!policy.ok) return usageError(io, usage, policy.message);
    const servers = serversFromFlags(flags.values.server);
    if (!servers.ok) return usageError(io, usage, servers.message);

    const host = openAgentHost(async () => servers.servers, 'ask');
    const signal = untilSignal();
    try {
      const issued = issueToken(`tactile_bridge_${deviceIdOf(serial)}_`);
      try {
        writeSecretFile(tokenFile, issued.token + '\n');
      } catch (e) {
        return usageError(io, usage, `cannot write --token-file: ${(e as Error).message}`);
      }
      const name = await deviceName(servers.servers, serial);
      const bridge = await startBridge({
        executor: host.executor,
        approvals: host.approvals,
        serial,
        deviceName: name,
        verifier: issued.verifier,
        policy: policy.value === 'session' ? 'session' : 'ask',
        port: port.value,
        host: listenAddress(io, flags.values.listen),
      });
      printJson(io, {
        ok: true,
        serial,
        url: bridge.url,
        device_id: bridge.deviceId,
        session_until: bridge.sessionUntil(),
        token_file: tokenFile,
        approve: policy.value,
      });
      io.stderr.write(
        `tactile bridge: ${serial} at ${bridge.url} until ${new Date(bridge.sessionUntil()).toISOString()}; Ctrl-C stops it\n`,
      );
      await signal.received;
      await bridge.close();
      return EXIT.ok;
    } finally {
      signal.dispose();
      host.stop();
    }
  },
};
