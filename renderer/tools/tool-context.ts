// What a tool may do to the rest of the console. Tools get it injected, so their state machines are tested
// with a fake and never reach into the store or the transport themselves.
import type { DevicePoint, ScreenSize } from '../../shared/geometry';
import type { ObservedNode } from '../../shared/observation';
import type { LiveContactKind } from '../../shared/ipc/live-touch-contract';
import type { LiveContactHandle } from '../features/live-touch/live-contact';
import type { Envelope } from '../features/manual-control/envelopes';
import type { CalibratedDraft } from './calibrated-drag/draft';

/**
 * Live feedback in device pixels: the tool layer draws `press`/`path` as the pointer moves; the preview layer
 * draws what `preview` would dispatch (validated and planned, stage/prepare-preview.ts).
 */
export type ToolFeedback =
  | { kind: 'press'; at: DevicePoint; preview?: Envelope }
  | { kind: 'path'; points: readonly DevicePoint[]; outside: boolean; preview?: Envelope }
  /** A rectangle being drawn (the region tool), corner to corner. */
  | { kind: 'rect'; from: DevicePoint; to: DevicePoint; preview?: undefined };

export interface ToolContext {
  screen(): ScreenSize | null;
  /** The shown node under a device pixel (index in the observation), or -1. */
  hitTest(p: DevicePoint): number;
  select(nodeIndex: number): void;
  /** Every observed node (unfiltered: a timeline's virtual ticks too), empty without an observation. */
  nodes(): readonly ObservedNode[];
  /** The calibrated-drag builder's draft (tools/calibrated-drag). */
  calibratedDraft(): CalibratedDraft;
  updateCalibratedDraft(patch: Partial<CalibratedDraft>): void;
  /** The one selected document step, or null (none, or several). */
  selectedStep(): { id: string; envelope: Envelope } | null;
  /** Replaces a document step's call as one undo step under the named mark. */
  editStep(id: string, envelope: Envelope, markName: string): void;
  /** Validates and runs a canonical call (manual-control/send-action). */
  send(envelope: Envelope): void;
  /** Puts fingers on the device now, at these device pixels (features/live-touch): the Control tool's live contact. */
  touch(kind: LiveContactKind, points: readonly DevicePoint[], timeMs: number): LiveContactHandle;
  notify(kind: 'info' | 'error', text: string): void;
  setFeedback(feedback: ToolFeedback | null): void;
  /** Window timers, injectable for tests. */
  setTimer(fn: () => void, ms: number): number;
  clearTimer(id: number): void;
}
