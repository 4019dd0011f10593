// A seed-003 command, once approved, as canonical tool calls run by the executor under the device lock:
// observe → get_ui_hierarchy (semantic nodes, redacted); tap/swipe → click/swipe at normalized points mapped
// from 0..1 in shared/geometry; back/home → press_key; input_text → type into the focused field only after a
// fresh read shows it is editable and not a password field. No shell, no screenshots.
import { unitToNormalized } from '../../shared/geometry';
import { succeeded, type Receipt } from '../../shared/receipts';
import type { AgentExecutor } from '../mcp/call-tool';
import { agentOwner } from '../mcp/call-tool';
import type { CommandBody } from './schemas';
import { focusedTextField, hierarchyOf, semanticNodes } from './semantic-nodes';

export const BRIDGE_AGENT = 'bridge';

export interface Outcome {
  status: 'succeeded' | 'failed' | 'cancelled';
  result: Record<string, unknown>;
}

const point = (x: number, y: number) => [unitToNormalized(x), unitToNormalized(y)];

/** The canonical call an input command becomes (observe and input_text take their own path). */
export function canonicalCall(body: CommandBody): { tool: string; args: Record<string, unknown> } | null {
  switch (body.action) {
    case 'tap':
      return { tool: 'click', args: { target: point(body.payload.x, body.payload.y) } };
    case 'swipe':
      return {
        tool: 'swipe',
        args: {
          start: point(body.payload.x1, body.payload.y1),
          end: point(body.payload.x2, body.payload.y2),
          duration_ms: body.payload.durationMs,
        },
      };
    case 'back':
    case 'home':
      return { tool: 'press_key', args: { key: body.action } };
    case 'input_text':
      return { tool: 'input_text', args: { text: body.payload.text, target: null, clear_exist: false } };
    case 'observe':
      return null;
  }
}

function fromReceipt(r: Receipt): Outcome {
  const status = succeeded(r) ? 'succeeded' : r.status === 'cancelled' ? 'cancelled' : 'failed';
  return {
    status,
    result: {
      receipt_status: r.status,
      code: r.code,
      message: r.message,
      operation_id: r.operation_id,
      duration_ms: r.duration_ms,
    },
  };
}

/** runId: the owner's bridge session the command belongs to. */
export async function runCommand(
  executor: AgentExecutor,
  serial: string,
  body: CommandBody,
  signal: AbortSignal,
  runId?: string,
): Promise<Outcome> {
  const run = (tool: string, args: Record<string, unknown>) =>
    executor.run({ tool, args }, { serial, owner: agentOwner(BRIDGE_AGENT), signal, ...(runId && { runId }) });
  if (body.action === 'observe' || body.action === 'input_text') {
    const read = await run('get_ui_hierarchy', {});
    const h = hierarchyOf(read.observation_after);
    if (!succeeded(read) || !h) return fromReceipt(read);
    if (body.action === 'observe') {
      return {
        status: 'succeeded',
        result: { screen: h.screen, nodes: semanticNodes(h), operation_id: read.operation_id },
      };
    }
    const field = focusedTextField(h);
    if (!field.ok)
      return { status: 'failed', result: { code: 'NOT_FOUND', message: `${field.why}; nothing was typed` } };
  }
  const call = canonicalCall(body)!;
  return fromReceipt(await run(call.tool, call.args));
}
