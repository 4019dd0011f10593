// Replay through the flows.replay.* contract: the document (or its library file when saved and unchanged) on
// the selected devices — the group when several are ticked, else the device in view. Main runs each step
// through the executor under each device's lock and refuses coordinate steps on a changed screen
// (GEOMETRY_CHANGED) unless scale_coordinates is chosen; the matrix comes back on flows.replay.changed.
import type { ReplayView } from '../../../shared/ipc';
import { api, errorText } from '../../app/api';
import { useStore } from '../../app/store';
import { flowOf, recordedOnOf, stepsJson } from '../flows/flow-doc';

export type ReplayMode = 'all' | 'from' | 'single';

export interface ReplayOptions {
  mode: ReplayMode;
  /** 0-based document step for `from` / `single`. */
  step?: number;
  stepByStep?: boolean;
  scale?: boolean;
}

/** The devices a replay runs on: the ticked group, else the device in view. */
export function replaySerials(): string[] {
  const s = useStore.getState();
  if (s.group.length > 0) return s.group;
  return s.selectedSerial ? [s.selectedSerial] : [];
}

const fail = (text: string) => useStore.getState().setFlowsMessage({ kind: 'error', text });

export async function startReplay(options: ReplayOptions): Promise<void> {
  const s = useStore.getState();
  const serials = replaySerials();
  const steps = s.document.steps;
  if (serials.length === 0) return fail('replay needs a device: select one, or tick several for a group');
  if (steps.length === 0) return fail('nothing to replay: the document has no steps');
  const recorded = s.flowMeta.recorded_on ?? (s.deviceInfo ? recordedOnOf(s.deviceInfo) : null);
  if (!recorded) return fail('replay needs the device the flow was recorded on');
  // The previous matrix goes away at once: what shows from now on is this replay's.
  s.setReplay(null, []);
  const saved = s.flowMeta.id !== null && s.flowMeta.saved === stepsJson(steps);
  const source = saved
    ? { kind: 'library' as const, id: s.flowMeta.id! }
    : {
        kind: 'inline' as const,
        flow: flowOf({ name: s.flowMeta.name, description: s.flowMeta.description, recorded_on: recorded }, steps),
      };
  try {
    const { replay } = await api().request('flows.replay.start', {
      source,
      serials,
      mode: options.mode,
      step: options.step ?? 0,
      pause_after_each: options.stepByStep ?? false,
      scale_coordinates: options.scale ?? false,
    });
    useStore.getState().setReplay(
      replay,
      steps.map((x) => x.id),
    );
    useStore.getState().setFlowsMessage(null);
  } catch (error) {
    fail(`replay refused — ${errorText(error)}`);
  }
}

async function control(channel: 'flows.replay.pause' | 'flows.replay.resume' | 'flows.replay.stop'): Promise<void> {
  const replay = useStore.getState().replay;
  if (!replay) return;
  try {
    const r = await api().request(channel, { replay_id: replay.replay_id });
    useStore.getState().setReplay(r.replay);
  } catch (error) {
    fail(`${channel.split('.').pop()} failed — ${errorText(error)}`);
  }
}

export const pauseReplay = () => control('flows.replay.pause');
export const resumeReplay = () => control('flows.replay.resume');
export const stopReplay = () => control('flows.replay.stop');

export function startReplayFeed(): () => void {
  return api().on('flows.replay.changed', ({ replay }) => useStore.getState().setReplay(replay));
}

/** A cell in words: its state, receipt, scaling, and a failure's code with what the check expected and read. */
export function cellWords(c: ReplayView['cells'][number]): string {
  const check = c.expected !== null ? ` · expected ${c.expected}, actual ${c.actual ?? 'nothing read'}` : '';
  return `${c.state}${c.receipt_status ? ` · receipt ${c.receipt_status}` : ''}${c.scaled ? ' · scaled' : ''}${c.code ? ` · ${c.code} at ${c.path || '/'}: ${c.message ?? ''}` : ''}${check}`;
}

/** The first failure of a replay, in words: which step, on which device, why, and what the screen showed. */
export function failureText(replay: ReplayView): string | null {
  const d = replay.devices.find((x) => x.failure !== null);
  if (!d || !d.failure) return null;
  const f = d.failure;
  const tool = replay.steps.find((x) => x.index === f.step)?.tool ?? 'step';
  const shown = f.screen
    ? ` The screen showed ${f.screen.screen.width}×${f.screen.screen.height}: ${
        f.screen.texts
          .slice(0, 8)
          .map((t) => JSON.stringify(t))
          .join(', ') || 'no text'
      }.`
    : ' The screen could not be read.';
  // Steps are numbered from 1 wherever a person reads them; paths stay JSON Pointers (/steps/N counts from 0).
  const check = f.expected !== null ? ` Expected ${f.expected}; actual ${f.actual ?? 'nothing read'}.` : '';
  return `Step ${f.step + 1} (${tool}, /steps/${f.step}) failed on ${d.serial}: ${f.code ?? 'failed'} — ${f.message.replace(/\.+$/, '')}.${check}${shown}`;
}

/** Whether the replay refused coordinate steps because the screen changed (the operator may choose to scale). */
export function geometryRefused(replay: ReplayView): boolean {
  return replay.cells.some((c) => c.code === 'GEOMETRY_CHANGED');
}
