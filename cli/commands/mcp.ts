// tactile mcp --serial S [--http PORT [--listen ADDR] [--session-idle-ms MS]] [--dialect agent] [--approve …]
// Serves the 23 seed tools of one device to an MCP client: over stdio (stdout is then the protocol, messages
// go to stderr), or over Streamable HTTP with a bearer token printed once on stdout as JSON and kept only hashed;
// an HTTP session without a request for --session-idle-ms (default 10 minutes) is closed. A client that goes
// away (stdin ends, a connection drops) has its calls still waiting for the owner withdrawn.
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { InFlightCalls } from '../../agents/mcp/in-flight';
import { createMcpServer } from '../../agents/mcp/server';
import { issueToken } from '../../agents/security/token';
import { parseDialect, parseFlags, parsePositiveInt, type Parsed } from '../args';
import { EXIT, printJson, usageError, type CliCommand } from '../command';
import { listenAddress, openAgentHost, parseApprove } from './agent-host';
import { refuseSerial, SERVER_FLAG, serverFlagsError } from './device-flags';
import { untilSignal } from '../until-signal';
import { USAGE } from '../usage';

const usage = USAGE.mcp;

/** --session-idle-ms: 1 ms .. 24 h. */
function parseIdleMs(text: string | undefined): Parsed<number | undefined> {
  if (text === undefined) return { ok: true, value: undefined };
  const n = /^[1-9]\d{0,7}$/.test(text) ? Number(text) : NaN;
  if (!(n <= 86_400_000))
    return {
      ok: false,
      message: `--session-idle-ms must be a number of milliseconds from 1 to 86400000, got ${JSON.stringify(text)}.`,
    };
  return { ok: true, value: n };
}

export const mcpCommand: CliCommand = {
  name: 'mcp',
  usage,
  async run(argv, io) {
    const flags = parseFlags(argv, {
      serial: { type: 'string' },
      http: { type: 'string' },
      listen: { type: 'string' },
      'session-idle-ms': { type: 'string' },
      dialect: { type: 'string' },
      approve: { type: 'string' },
      ...SERVER_FLAG,
    });
    if (!flags.ok) return usageError(io, usage, flags.message);
    if (flags.positionals.length > 0) return usageError(io, usage, 'mcp takes no arguments.');
    const serial = flags.values.serial;
    if (serial === undefined) return usageError(io, usage, '--serial is required.');
    const refused = refuseSerial(io, usage, serial);
    if (refused !== null) return refused;
    const dialect = parseDialect(flags.values.dialect);
    if (!dialect.ok) return usageError(io, usage, dialect.message);
    const policy = parseApprove(flags.values.approve, ['ask', 'read-only', 'session']);
    if (!policy.ok) return usageError(io, usage, policy.message);
    const port = parsePositiveInt('--http', flags.values.http);
    if (!port.ok || (port.value ?? 0) > 65535)
      return usageError(io, usage, port.ok ? '--http must be at most 65535.' : port.message);
    if (flags.values.listen !== undefined && port.value === undefined)
      return usageError(io, usage, '--listen needs --http.');
    const idle = parseIdleMs(flags.values['session-idle-ms']);
    if (!idle.ok) return usageError(io, usage, idle.message);
    if (idle.value !== undefined && port.value === undefined)
      return usageError(io, usage, '--session-idle-ms needs --http.');
    const serverError = serverFlagsError(flags.values.server);
    if (serverError !== null) return usageError(io, usage, serverError);

    // adb is loaded and its servers opened with the executor, on the first call (agent-host.ts).
    const host = openAgentHost(
      async () => (await import('../../electron/adb')).openAdbServers({ addresses: flags.values.server ?? [] }),
      policy.value,
    );
    const deps = { executor: host.executor, approvals: host.approvals, serial, dialect: dialect.value };
    const signal = untilSignal();
    try {
      if (port.value === undefined) {
        const inFlight = new InFlightCalls();
        const server = createMcpServer({ ...deps, inFlight });
        const transport = new StdioServerTransport();
        const closed = new Promise<void>((resolve) => (transport.onclose = resolve));
        // stdin ended: the client is gone (the SDK's stdio transport does not notice); what it still waits for
        // is withdrawn and the server stops.
        const ended = new Promise<void>((resolve) =>
          process.stdin.once('end', () => {
            inFlight.withdrawAll('the agent disconnected (stdin closed)');
            resolve();
          }),
        );
        await server.connect(transport);
        io.stderr.write(`tactile mcp: serving ${serial} over stdio (approval policy ${policy.value})\n`);
        await Promise.race([closed, ended, signal.received]);
        inFlight.withdrawAll('the MCP server stopped');
        await server.close();
        return EXIT.ok;
      }
      const issued = issueToken('tactile_mcp_');
      const { startMcpHttp } = await import('../../agents/mcp/http'); // Streamable HTTP's server stack, only when asked for
      const http = await startMcpHttp({
        ...deps,
        port: port.value,
        host: listenAddress(io, flags.values.listen),
        verifier: issued.verifier,
        ...(idle.value !== undefined && { sessionIdleMs: idle.value }),
      });
      // Shown once: only its hash stays in this process.
      printJson(io, {
        ok: true,
        serial,
        url: http.url,
        token: issued.token,
        approve: policy.value,
        dialect: dialect.value,
      });
      io.stderr.write(`tactile mcp: serving ${serial} at ${http.url}; Ctrl-C stops it\n`);
      await signal.received;
      await http.close();
      return EXIT.ok;
    } finally {
      signal.dispose();
      host.stop();
    }
  },
};
