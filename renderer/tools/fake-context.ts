// A ToolContext fake for the tools' state-machine tests: records what a tool sends, says and draws, with
// manual timers, a fixed 1080×2400 screen and the given observed nodes.
import type { ObservedNode } from '../../shared/observation';
import type { DevicePoint } from '../../shared/geometry';
import type { LiveContactKind } from '../../shared/ipc/live-touch-contract';
import type { Envelope } from '../features/manual-control/envelopes';
import { EMPTY_DRAFT, type CalibratedDraft } from './calibrated-drag/draft';
import type { ToolContext, ToolFeedback } from './tool-context';

const screen = { width: 1080, height: 2400 };

export function fakeContext(
  nodes: readonly ObservedNode[] = [],
  initialStep: { id: string; envelope: Envelope } | null = null,
) {
  let step = initialStep;
  const edits: Array<{ id: string; envelope: Envelope; markName: string }> = [];
  const sent: Envelope[] = [];
  /** Live contacts, each event as the tool gave it; a contact's `replay` is resolved at its up (as main's `replay` answer would). */
  const touches: Array<{
    kind: LiveContactKind;
    events: Array<{
      phase: string;
      points?: DevicePoint[];
      timeMs?: number;
      reason?: string;
      replay?: Envelope | null;
    }>;
  }> = [];
  const notes: Array<{ kind: string; text: string }> = [];
  const feedback: Array<ToolFeedback | null> = [];
  const selected: number[] = [];
  const timers = new Map<number, () => void>();
  let nextTimer = 1;
  let draft: CalibratedDraft = EMPTY_DRAFT;
  const ctx: ToolContext = {
    screen: () => screen,
    hitTest: (p) => (p.x < 100 ? 7 : -1),
    select: (i) => selected.push(i),
    nodes: () => nodes,
    selectedStep: () => step,
    editStep: (id, envelope, markName) => {
      edits.push({ id, envelope, markName });
      if (step?.id === id) step = { id, envelope };
    },
    calibratedDraft: () => draft,
    updateCalibratedDraft: (patch) => {
      draft = { ...draft, ...patch };
    },
    send: (e) => sent.push(e),
    touch: (kind, points, timeMs) => {
      const contact = {
        kind,
        events: [{ phase: 'down', points: [...points], timeMs }] as Array<{
          phase: string;
          points?: DevicePoint[];
          timeMs?: number;
          reason?: string;
          replay?: Envelope | null;
        }>,
      };
      touches.push(contact);
      return {
        move: (p, t) => contact.events.push({ phase: 'move', points: [...p], timeMs: t }),
        up: (p, t, replay) => contact.events.push({ phase: 'up', points: [...p], timeMs: t, replay: replay() }),
        cancel: (reason) => contact.events.push({ phase: 'cancel', reason }),
      };
    },
    notify: (kind, text) => notes.push({ kind, text }),
    setFeedback: (f) => feedback.push(f),
    setTimer: (fn) => {
      timers.set(nextTimer, fn);
      return nextTimer++;
    },
    clearTimer: (id) => timers.delete(id),
  };
  const runTimers = () => {
    const due = [...timers.values()];
    timers.clear();
    due.forEach((f) => f());
  };
  return {
    ctx,
    sent,
    touches,
    notes,
    feedback,
    selected,
    timers,
    runTimers,
    draft: () => draft,
    edits,
    step: () => step,
  };
}
