// One MCP tool call, independent of transport: the call in its dialect → the canonical call → the owner's
// approval (or the agent's policy) → the executor under the device lock, as `agent:<client>` → ActionResult.
// A call that does not parse is refused by the executor's own first step (a not_started receipt, nothing
// locked, nothing asked of the owner); a call the owner does not approve never reaches the executor.
import { hostname } from 'node:os';
import {
  fromAgentDialect,
  isSeed000Tool,
  isTactileTool,
  isToolName,
  type AgentObservation,
} from '../../shared/actions';
import { runIdFor, type Owner, type Receipt } from '../../shared/receipts';
import { validateToolCall } from '../../shared/validation';
import type { ApprovalQueue, Decision } from '../approvals';
import { describeCall, statedReason } from '../approvals';
import { actionResultFromReceipt, actionResultFromRefusal, type ActionResult } from './action-result';
import { observeResultFromReceipt, type ObserveResult } from './observe-result';
import { verifyResultFromReceipt, type VerifyResult } from './verify-result';
import { isReadOnlyTool, type Dialect } from './tools';

export interface AgentExecutor {
  run(
    envelope: unknown,
    options: { serial: string; owner: Owner; signal?: AbortSignal; runId?: string },
  ): Promise<Receipt>;
  /** The seed tools the device can run now (electron/executor/capabilities.ts); tools/list shows only those. */
  capabilities?(serial: string): Promise<{ tools: readonly string[] }>;
}

export interface CallDeps {
  executor: AgentExecutor;
  approvals: ApprovalQueue;
  serial: string;
  dialect: Dialect;
  /** How often a waiting call notifies progress (default 5 s). */
  noticeMs?: number;
}

export interface CallContext {
  /** The MCP client's name from `initialize` (clientInfo.name), sanitized. */
  agent: string;
  /** The MCP session id: the run the receipts belong to. */
  run: string | null;
  signal: AbortSignal;
  /** Called every few seconds while the owner has not decided, so clients do not time out. */
  onWaiting?: (elapsedMs: number) => void;
  /** The last observe_screen of this session: what agent-dialect element indices refer to. */
  observation?: AgentObservation;
}

export interface CallAnswer {
  result: ActionResult | ObserveResult | VerifyResult;
  /** A PNG (base64) the call returned: take_screenshot, or observe_screen with include_image. */
  png: string | null;
  /** The elements of a successful observe_screen, for the next agent-dialect call. */
  observation?: AgentObservation;
}

export const WAITING_NOTICE_MS = 5_000;

/** MCP clientInfo.name → a lock/receipt client name: `agent:` + at most 58 safe characters. */
export function agentName(clientName: string | undefined): string {
  const safe = (clientName ?? '')
    .replace(/[^A-Za-z0-9._ -]/g, '_')
    .trim()
    .slice(0, 58);
  return safe.length > 0 ? safe : 'unknown';
}

export function agentOwner(agent: string): Owner {
  return { pid: process.pid, hostname: hostname(), client: `agent:${agent}` };
}

function answer(receipt: Receipt, approval: Record<string, unknown> | null, run: string | null): CallAnswer {
  if (receipt.tool === 'observe_screen') {
    const { result, png } = observeResultFromReceipt(receipt, approval);
    result.metadata['run'] = run;
    const observation = result.ok ? { elements: result.elements as AgentObservation['elements'] } : undefined;
    return { result, png, ...(observation && { observation }) };
  }
  const image = (receipt.observation_after as { image?: { png_base64?: string } } | undefined)?.image;
  const png = image?.png_base64 ?? null;
  const kept =
    png === null
      ? receipt
      : {
          ...receipt,
          observation_after: { ...(receipt.observation_after as object), image: { ...image, png_base64: undefined } },
        };
  if (!isSeed000Tool(receipt.tool) && isToolName(receipt.tool)) {
    const verified = verifyResultFromReceipt(kept, approval);
    verified.metadata['run'] = run;
    return { result: verified, png };
  }
  const result = actionResultFromReceipt(kept, approval);
  // Seed 004's envelope of a seed-000 action tool, beside seed 000's ActionResult fields.
  if (kept.action_envelope) result.metadata['action_envelope'] = kept.action_envelope;
  result.metadata['run'] = run;
  return { result, png };
}

export async function callTool(deps: CallDeps, ctx: CallContext, tool: string, rawArgs: unknown): Promise<CallAnswer> {
  const owner = agentOwner(ctx.agent);
  // The console's own tools (tactile.*) are not in tools/list: an agent naming one is refused, nothing sent.
  if (isTactileTool(tool)) {
    return {
      png: null,
      result: {
        ok: false,
        code: 'UNSUPPORTED',
        action: tool,
        message: `${tool} is a Tactile console tool, not offered to agents (see tools/list)`,
        detail: null,
        normalized_coordinates: null,
        duration_ms: null,
        metadata: { run: ctx.run },
      },
    };
  }
  const given = { tool, args: rawArgs ?? {} };
  let envelope: unknown = given;
  if (deps.dialect === 'agent') {
    const converted = fromAgentDialect(given, ctx.observation);
    // A dialect refusal is judged again by the executor on the raw envelope only when it names no tool of ours.
    if (converted.ok) envelope = converted.call;
    else if (isToolName(tool)) {
      const first = converted.errors[0]!;
      return {
        png: null,
        result: {
          ok: false,
          code: 'INVALID_ARGS',
          action: tool,
          message: first.message,
          detail: `${first.code} at ${first.path || '/'}`,
          normalized_coordinates: null,
          duration_ms: null,
          metadata: { errors: converted.errors, run: ctx.run },
        },
      };
    }
  }
  const shape = validateToolCall(envelope);
  // The MCP session is the run its receipts belong to.
  const runId = ctx.run === null ? undefined : runIdFor('mcp', ctx.run);
  if (!shape.ok)
    return answer(
      await deps.executor.run(envelope, { serial: deps.serial, owner, signal: ctx.signal, ...(runId && { runId }) }),
      null,
      ctx.run,
    );
  const call = shape.call;
  const asked = deps.approvals.request(
    {
      agent: ctx.agent,
      source: 'mcp',
      serial: deps.serial,
      tool: call.tool,
      args: call.args,
      summary: describeCall(call.tool, call.args),
      reason: statedReason(rawArgs),
      read_only: isReadOnlyTool(call.tool),
    },
    ctx.signal,
  );
  const started = Date.now();
  const ticker = ctx.onWaiting
    ? setInterval(() => ctx.onWaiting!(Date.now() - started), deps.noticeMs ?? WAITING_NOTICE_MS)
    : null;
  let decision: Decision;
  try {
    decision = await asked.decision;
  } finally {
    if (ticker) clearInterval(ticker);
  }
  if (decision.verdict !== 'approved') {
    const refusal = actionResultFromRefusal(
      call.tool,
      call.args,
      asked.request.id,
      decision as Decision & { verdict: Exclude<Decision['verdict'], 'approved'> },
    );
    refusal.metadata['run'] = ctx.run;
    return { result: refusal, png: null };
  }
  const receipt = await deps.executor.run(call, {
    serial: deps.serial,
    owner,
    signal: ctx.signal,
    ...(runId && { runId }),
  });
  return answer(receipt, { request_id: asked.request.id, ...decision }, ctx.run);
}
