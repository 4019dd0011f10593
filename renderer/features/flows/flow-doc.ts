// The document as a tactile.flow/1 file and back: each step's call as written (envelope), its label and its
// expectation; recorded_on is the device the flow was recorded on (kept from the file when opened).
import { FLOW_FORMAT, type RecordedOn } from '../../../shared/flows';
import type { DeviceInfoView } from '../../../shared/ipc';
import type { FlowDocumentSchema } from '../../../shared/ipc';
import type { Step, StepExtra } from '../../document/steps';
import type { ToolEnvelope } from '../../../shared/actions';
import type { z } from 'zod';

type FlowDocument = z.infer<typeof FlowDocumentSchema>;

export function recordedOnOf(info: DeviceInfoView): RecordedOn {
  return {
    screen: info.screen,
    density: Math.round(info.density),
    rotation: info.rotation,
    sdk: info.sdk,
    packages: {},
  };
}

export function stepsJson(steps: readonly Step[]): string {
  return JSON.stringify(steps.map((s) => [s.envelope, s.extra ?? null]));
}

/**
 * What opening another flow would lose, in words, or null: edits of a library flow since it was saved there,
 * or the steps of a document never saved to the library (the autosave keeps the document, not a flow file).
 */
export function unsavedWork(
  meta: { id: string | null; name: string; saved: string | null },
  steps: readonly Step[],
): string | null {
  if (steps.length === 0 || meta.saved === stepsJson(steps)) return null;
  return meta.id
    ? `“${meta.name}” has changes not saved to ${meta.id}`
    : `the document’s ${steps.length} step${steps.length === 1 ? '' : 's'} are not saved in the library`;
}

export function flowOf(meta: { name: string; description: string; recorded_on: RecordedOn }, steps: readonly Step[]) {
  return {
    format: FLOW_FORMAT,
    name: meta.name,
    description: meta.description,
    recorded_on: meta.recorded_on,
    steps: steps.map((s) => ({
      tool: s.envelope.tool,
      args: s.envelope.args,
      label: s.extra?.label ?? null,
      ...(s.extra?.expect && { expect: s.extra.expect }),
    })),
  };
}

export function documentItems(flow: FlowDocument): Array<{ envelope: ToolEnvelope; extra: StepExtra }> {
  return flow.steps.map((s) => ({
    envelope: { tool: s.tool, args: s.args },
    extra: { label: s.label, ...(s.expect && { expect: s.expect }) },
  }));
}
