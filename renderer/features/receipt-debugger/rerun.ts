// Re-running one step on the live device: the step's {tool, args} (the validated arguments with defaults filled,
// as the receipt recorded them) through `device.execute`, so it goes through the same executor, lock and
// receipts as everything else; its new receipt joins the journal's timeline. Only Tactile tools can be re-run.
import { isToolName, type ToolEnvelope } from '../../../shared/actions';
import type { TimelineStep } from '../../../shared/receipts/foreign';
import type { Receipt } from '../../../shared/receipts';
import { api } from '../../app/api';

export function stepCall(step: TimelineStep): ToolEnvelope | null {
  const r = step.receipt;
  if (!r || !isToolName(r.tool) || typeof r.args !== 'object' || r.args === null || Array.isArray(r.args)) return null;
  return { tool: r.tool, args: r.args as Record<string, unknown> };
}

export async function rerunStep(call: ToolEnvelope, serial: string): Promise<Receipt> {
  const { receipt } = await api().request('device.execute', { serial, envelope: call });
  return receipt;
}
