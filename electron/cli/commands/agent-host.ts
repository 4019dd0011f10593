// What `tactile mcp` and `tactile bridge` share: the --approve policy, the --listen address (loopback unless
// the owner names another, with a warning), and the device host: adb, the helper supervisor and the executor
// whose receipts go to the journal like every other client's.
import { getDeviceInfo, locateDevice, type AdbServer } from '../../adb';
import { ApprovalInbox, ApprovalQueue, ApprovalPolicySchema, defaultApprovalsDir, fileDecisionSink, inboxDirOf, type ApprovalPolicy } from '../../agents/approvals';
import { isLoopback } from '../../agents/security/limits';
import { createExecutor, serverDeviceLinks, type Executor } from '../../executor';
import type { Parsed } from '../args';
import type { CliIo } from '../command';

export function parseApprove(text: string | undefined, allowed: readonly ApprovalPolicy[]): Parsed<ApprovalPolicy> {
  if (text === undefined) return { ok: true, value: 'ask' };
  const p = ApprovalPolicySchema.safeParse(text);
  if (!p.success || !allowed.includes(p.data)) return { ok: false, message: `--approve must be ${allowed.join('|')}, got ${JSON.stringify(text)}.` };
  return { ok: true, value: p.data };
}

/** `--listen ADDR`: 127.0.0.1 when absent; anything not loopback is allowed only when named, with a warning. */
export function listenAddress(io: CliIo, text: string | undefined): string {
  const host = text ?? '127.0.0.1';
  if (!isLoopback(host)) io.stderr.write(`warning: listening on ${host}, reachable from other machines; the token is the only protection\n`);
  return host;
}

export interface AgentHost {
  executor: Executor;
  approvals: ApprovalQueue;
  stop(): void;
}

/** The device's model for the bridge's status, or the serial when adb cannot say. */
export async function deviceName(servers: readonly AdbServer[], serial: string): Promise<string> {
  try {
    return (await getDeviceInfo(await locateDevice(servers, serial), serial)).model;
  } catch {
    return serial;
  }
}

/** The executor resolves the serial through adb (any alias adb accepts) on every call, as `tactile run` does. */
export function openAgentHost(servers: readonly AdbServer[], policy: ApprovalPolicy): AgentHost {
  // Long-lived: identities are kept per transport and read again when one reconnects (as in the console).
  const links = serverDeviceLinks(servers, { watchTransports: true });
  const executor = createExecutor({ links });
  // Requests waiting for the owner go to the console through the inbox in the shared data folder.
  const approvals = new ApprovalQueue({
    defaultPolicy: policy, record: fileDecisionSink(), inbox: { inbox: new ApprovalInbox(inboxDirOf(defaultApprovalsDir())), publish: true },
  });
  return {
    executor, approvals,
    stop() {
      approvals.close();
      links.stop();
    },
  };
}
