// What `tactile mcp` and `tactile bridge` share: the --approve policy, the --listen address (loopback unless
// the owner names another, with a warning), and the device host: adb, the helper supervisor and the executor
// whose receipts go to the journal like every other client's.
import { join } from 'node:path';
import type { AdbServer } from '../../electron/adb';
import {
  ApprovalInbox,
  ApprovalQueue,
  ApprovalPolicySchema,
  fileDecisionSink,
  inboxDirOf,
  type ApprovalPolicy,
} from '../../agents/approvals';
import { isLoopback } from '../../agents/security/limits';
import type { AgentExecutor } from '../../agents/mcp/call-tool';
import { dataDir } from '../../electron/user-data/data-dir';
import type { Parsed } from '../args';
import type { CliIo } from '../command';

export function parseApprove(text: string | undefined, allowed: readonly ApprovalPolicy[]): Parsed<ApprovalPolicy> {
  if (text === undefined) return { ok: true, value: 'ask' };
  const p = ApprovalPolicySchema.safeParse(text);
  if (!p.success || !allowed.includes(p.data))
    return { ok: false, message: `--approve must be ${allowed.join('|')}, got ${JSON.stringify(text)}.` };
  return { ok: true, value: p.data };
}

/** `--listen ADDR`: 127.0.0.1 when absent; anything not loopback is allowed only when named, with a warning. */
export function listenAddress(io: CliIo, text: string | undefined): string {
  const host = text ?? '127.0.0.1';
  if (!isLoopback(host))
    io.stderr.write(`warning: listening on ${host}, reachable from other machines; the token is the only protection\n`);
  return host;
}

export interface AgentHost {
  executor: AgentExecutor;
  approvals: ApprovalQueue;
  stop(): void;
}

/**
 * The executor resolves the serial through adb (any alias adb accepts) on every call, as `tactile run` does.
 * It is loaded and opened on the first call: adb, the helper supervisor, the evidence store and its native canvas
 * are most of what `tactile mcp` would otherwise load before it could answer `initialize` and `tools/list`.
 * `openServers` gives the adb servers then (the caller has checked the flags that name them).
 */
export function openAgentHost(openServers: () => Promise<readonly AdbServer[]>, policy: ApprovalPolicy): AgentHost {
  let opened: Promise<{ executor: AgentExecutor; stop(): void }> | undefined;
  const open = () =>
    (opened ??= (async () => {
      const [servers, { createExecutor, serverDeviceLinks }] = await Promise.all([
        openServers(),
        import('../../electron/executor'),
      ]);
      // Long-lived: identities are kept per transport and read again when one reconnects (as in the console).
      const links = serverDeviceLinks(servers, { watchTransports: true });
      return { executor: createExecutor({ links }), stop: () => links.stop() };
    })());
  // Requests waiting for the owner go to the console through the inbox in the shared data folder.
  const approvalsDir = join(dataDir(), 'approvals');
  const approvals = new ApprovalQueue({
    defaultPolicy: policy,
    record: fileDecisionSink(approvalsDir),
    inbox: { inbox: new ApprovalInbox(inboxDirOf(approvalsDir)), publish: true },
  });
  return {
    executor: {
      run: async (envelope, options) => (await open()).executor.run(envelope, options),
      // tools/list offers what the device can run (seed 002): asking opens the device host, as a call would.
      capabilities: async (serial) => {
        const executor = (await open()).executor;
        if (!executor.capabilities) throw new Error('this executor cannot say what the device runs');
        return executor.capabilities(serial);
      },
    },
    approvals,
    stop() {
      approvals.close();
      void opened?.then((host) => host.stop());
    },
  };
}
