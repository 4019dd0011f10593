// The timeline's commands on the gesture under edit, each one undo step of the document (named marks), and
// Send: the gesture step as checked and shown, through the executor under the device lock (send.ts), then the
// receipt read back against the plan (readback.ts).
import type { CoordinateSpace } from '../../../shared/geometry';
import { documentHost, putGesture } from './document-host';
import { editorStore, setEditor } from './editor-store';
import { addFinger, addFrame, newGesture, removeFinger, removeFrame, retime, type GestureEnvelope } from './model';
import { exportGesture, importGesture } from './seed-json';
import { sendStep } from './send';
import { switchSpace } from './space';

function edit(name: string, change: (e: GestureEnvelope) => GestureEnvelope): void {
  const screen = documentHost.screen();
  if (!screen) return;
  const e = documentHost.ensure(() => newGesture(screen));
  const next = change(e);
  if (next !== e) documentHost.commit(name, next);
}

export function startNewGesture(): void {
  const screen = documentHost.screen();
  if (!screen) return;
  putGesture(newGesture(screen), 'new gesture');
  setEditor({ frame: 0, handle: null, readback: null, message: null });
}

export const addFingerCmd = () => edit('add finger', (e) => addFinger(e, documentHost.screen()!));
export const removeFingerCmd = (finger: number) => edit('remove finger', (e) => removeFinger(e, finger));
export function addFrameCmd(): void {
  edit('add keyframe', addFrame);
  setEditor({ frame: (documentHost.gesture()?.args.frames.length ?? 1) - 1 });
}
export function removeFrameCmd(frame: number): void {
  edit('remove keyframe', (e) => removeFrame(e, frame));
  setEditor({ frame: Math.max(0, frame - 1), handle: null });
}
export const retimeCmd = (frame: number, atMs: number) => edit('retime', (e) => retime(e, frame, atMs));

export function setSpaceCmd(space: CoordinateSpace): void {
  const screen = documentHost.screen();
  const e = documentHost.gesture();
  if (!screen || !e) return;
  const r = switchSpace(e, space, screen);
  if (r.envelope === e) return;
  documentHost.commit(`to ${space}`, r.envelope);
  setEditor({
    message: {
      kind: r.lost.length > 0 ? 'error' : 'info',
      text:
        r.lost.length > 0
          ? `converted to ${space}: ${r.lost.length} point(s) now land on another pixel, up to ${r.maxShiftPx.toFixed(1)} px (undo to get them back)`
          : `converted to ${space}: every point lands on the same pixel`,
    },
  });
}

export function importText(text: string, source: string): boolean {
  const r = importGesture(text);
  if (!r.ok) {
    setEditor({ message: { kind: 'error', text: `${source} refused: ${r.reason}` } });
    return false;
  }
  putGesture(r.envelope, `import gesture`);
  setEditor({
    frame: 0,
    handle: null,
    readback: null,
    message: {
      kind: 'info',
      text: `${source}: ${r.envelope.args.frames.length} keyframes, ${r.envelope.args.frames[0]!.points.length} finger(s)`,
    },
  });
  return true;
}

export async function pasteFromClipboard(): Promise<void> {
  try {
    importText(await navigator.clipboard.readText(), 'paste');
  } catch (error) {
    setEditor({ message: { kind: 'error', text: `paste failed: ${(error as Error).message}` } });
  }
}

export function exportText(): string | null {
  const e = documentHost.gesture();
  return e ? exportGesture(e) : null;
}

export async function sendGesture(): Promise<void> {
  const step = documentHost.step();
  if (step) await sendStep(step);
}

/** The keyframe in focus, kept inside the gesture after edits that remove keyframes. */
export function focusFrame(): number {
  const n = documentHost.gesture()?.args.frames.length ?? 1;
  return Math.min(editorStore.getState().frame, n - 1);
}
