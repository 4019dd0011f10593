// The pinch tool's panel under the stage: every argument typed exactly (each edit one undo step), the space
// switch with what it loses, what `span` means in normalized space (against the short edge, with this
// screen's pixels), the issues prepareCall reports (capability refusals before Send), Play, Send and the
// read-back of the last send.
import { useState } from 'react';
import { pinchSpanToPx, resolvePinch } from '../../../shared/geometry';
import { currentScreen } from '../../app/selectors';
import { useStore } from '../../app/store';
import { useFrameStore } from '../../app/use-frame-store';
import { PLAY_SPEEDS, setEditor, useEditor, type PlaySpeed } from '../gesture/editor-store';
import { play, stopPlay } from '../gesture/play';
import { ReadbackView } from '../gesture/ReadbackView';
import { sendStep } from '../gesture/send';
import { pinchHost } from './document-pinch';
import { newPinch, setPinchArg, type PinchEnvelope } from './model';
import { switchPinchSpace } from './space';
import '../gesture/gesture.css';

type NumKey = 'start_span' | 'end_span' | 'angle_degrees' | 'rotation_degrees' | 'duration_ms';

function NumberField({
  name,
  label,
  value,
  onCommit,
}: {
  name: string;
  label: string;
  value: number;
  onCommit(v: number): void;
}) {
  const [draft, setDraft] = useState<string | null>(null);
  const commit = () => {
    if (draft === null) return;
    const n = Number(draft);
    setDraft(null);
    if (draft.trim() !== '' && Number.isFinite(n) && n !== value) onCommit(n);
  };
  return (
    <label className="pinch-field">
      {label}
      <input
        className="mono"
        type="number"
        data-testid={`pinch-${name}`}
        value={draft ?? String(value)}
        onChange={(e) => setDraft(e.target.value)}
        onBlur={commit}
        onKeyDown={(e) => {
          if (e.key === 'Enter') commit();
          if (e.key === 'Escape') setDraft(null);
        }}
      />
    </label>
  );
}

function SpanNote({ pinch }: { pinch: PinchEnvelope }) {
  const screen = useStore(currentScreen);
  if (!screen) return null;
  const short = Math.min(screen.width, screen.height);
  const a = pinch.args;
  const px = (s: number) => pinchSpanToPx(s, a.coordinate_space, screen).toFixed(1);
  const text =
    a.coordinate_space === 'normalized'
      ? `span is measured against the short edge: 1000 = ${short} px here, so start_span ${a.start_span} → ${px(a.start_span)} px and end_span ${a.end_span} → ${px(a.end_span)} px between the fingers (the centre is normalized per axis)`
      : `span is in device pixels: start_span ${a.start_span} px, end_span ${a.end_span} px between the fingers`;
  const p = resolvePinch(
    {
      ...a,
      angle_degrees: a.angle_degrees ?? 0,
      rotation_degrees: a.rotation_degrees ?? 0,
      duration_ms: a.duration_ms ?? 800,
    },
    screen,
  );
  return (
    <div className="dim" data-testid="pinch-span-note">
      {text}
      {p ? ` · scale ×${(p.endSpanPx / p.startSpanPx).toFixed(3)}, turn ${a.rotation_degrees ?? 0}°` : ''}
    </div>
  );
}

export function PinchPanel() {
  useFrameStore((s) => s.document); // re-render on every document change: the step is read from it
  const screen = useStore(currentScreen);
  const speed = useEditor((s) => s.speed);
  const playing = useEditor((s) => s.playMs !== null);
  const message = useEditor((s) => s.message);
  const step = pinchHost.step();
  const pinch = (step?.envelope as PinchEnvelope | undefined) ?? null;
  const issues = step && !step.check.ok ? step.check.issues : [];
  const edit = (name: string, next: PinchEnvelope) => pinchHost.commit(name, next);
  const space = pinch?.args.coordinate_space ?? 'normalized';
  const other = space === 'pixel' ? 'normalized' : 'pixel';
  const loss = pinch && screen ? switchPinchSpace(pinch, other, screen) : null;
  return (
    <section className="gesture-timeline" data-testid="pinch-panel">
      <div className="gesture-bar">
        <button
          data-testid="pinch-new"
          disabled={!screen}
          onClick={() => {
            pinchHost.put(newPinch(), 'new pinch');
            setEditor({ readback: null, message: null });
          }}
        >
          New pinch
        </button>
        {pinch && (
          <>
            <label>
              space{' '}
              <select
                data-testid="pinch-space"
                value={space}
                onChange={(e) => {
                  if (!screen) return;
                  edit(
                    `to ${e.target.value}`,
                    switchPinchSpace(pinch, e.target.value as 'pixel' | 'normalized', screen).envelope,
                  );
                }}
              >
                <option value="pixel">pixel</option>
                <option value="normalized">normalized</option>
              </select>
            </label>
            {loss && (
              <span className="mono dim" data-testid="pinch-space-loss">
                → {other}: centre moves {loss.centreShiftPx.toFixed(1)} px, spans {loss.spanShiftPx.toFixed(1)} px
              </span>
            )}
          </>
        )}
        <button
          data-testid="pinch-play"
          disabled={!pinch || !screen}
          onClick={() => (playing ? stopPlay() : play(pinch!, screen!))}
        >
          {playing ? 'Stop' : 'Play'}
        </button>
        <select
          data-testid="pinch-speed"
          aria-label="Play speed"
          value={speed}
          onChange={(e) => setEditor({ speed: Number(e.target.value) as PlaySpeed })}
        >
          {PLAY_SPEEDS.map((s) => (
            <option key={s} value={s}>
              {s}×
            </option>
          ))}
        </select>
        <button
          className="primary"
          data-testid="pinch-send"
          disabled={!pinch || !step?.check.ok}
          onClick={() => void sendStep(step!)}
        >
          Send
        </button>
      </div>
      {!pinch && <div className="empty">No pinch: press New pinch, or select a pinch step.</div>}
      {pinch && (
        <>
          <div className="gesture-bar">
            <span className="mono" data-testid="pinch-center">
              centre {pinch.args.center.join(', ')}
            </span>
            {(
              [
                ['start-span', 'start_span', 'start span'],
                ['end-span', 'end_span', 'end span'],
                ['angle', 'angle_degrees', 'angle °'],
                ['rotation', 'rotation_degrees', 'rotation °'],
                ['duration', 'duration_ms', 'duration ms'],
              ] as Array<[string, NumKey, string]>
            ).map(([name, key, label]) => (
              <NumberField
                key={name}
                name={name}
                label={label}
                value={(pinch.args[key] as number | undefined) ?? 0}
                onCommit={(v) => edit(`set ${key}`, setPinchArg(pinch, key, v))}
              />
            ))}
          </div>
          <SpanNote pinch={pinch} />
        </>
      )}
      {message && (
        <div className={`gesture-message ${message.kind}`} data-testid="pinch-message">
          {message.text}
        </div>
      )}
      <ul className="gesture-issues" data-testid="pinch-issues">
        {issues.map((issue, k) => (
          <li key={k} data-testid="pinch-issue" data-code={issue.code} data-path={issue.path}>
            <b>{issue.code}</b> {issue.path || '/'}: {issue.message}
          </li>
        ))}
      </ul>
      <ReadbackView />
    </section>
  );
}
