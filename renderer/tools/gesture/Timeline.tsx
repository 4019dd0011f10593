// The gesture editor's timeline under the stage: a column per keyframe (its at_ms typed exactly, its points
// per finger in the finger's colour, holds marked), a time axis whose keyframe markers drag to retime (one
// undo step per drag), the issues prepareCall reports (each on its column, banners for the call as a whole:
// capability refusals appear here before Send), Play / speed, the coordinate space, import / export / paste
// of the seed JSON, Send, and the read-back of the last send (dispatched event times against the plan).
import { memo, useState, type PointerEvent as ReactPointerEvent } from 'react';
import { useStore } from '../../app/store';
import { useFrameStore } from '../../app/use-frame-store';
import { currentScreen } from '../../app/selectors';
import {
  addFingerCmd,
  addFrameCmd,
  exportText,
  focusFrame,
  importText,
  pasteFromClipboard,
  removeFingerCmd,
  removeFrameCmd,
  retimeCmd,
  sendGesture,
  setSpaceCmd,
  startNewGesture,
} from './actions';
import { documentHost, gestureStep } from './document-host';
import { PLAY_SPEEDS, setEditor, useEditor, type PlaySpeed } from './editor-store';
import { frameIssues, placeIssues } from './issues';
import {
  MAX_GESTURE_MS as MAX_AT_MS,
  MAX_TOUCH_FINGERS as MAX_FINGERS,
  MAX_TOUCH_FRAMES as MAX_FRAMES,
  MIN_TOUCH_FRAMES as MIN_FRAMES,
} from '../../../shared/actions/bounds';
import { holdsAt, retime, spaceOf, type GestureEnvelope, type GestureFrame } from './model';
import { FINGER_COLOURS } from './paint';
import { play, stopPlay } from './play';
import { ReadbackView } from './ReadbackView';
import { switchSpace } from './space';
import { useGestureKeys } from './use-gesture-keys';
import './gesture.css';

function AtInput({ frame, value }: { frame: number; value: number }) {
  const [draft, setDraft] = useState<string | null>(null);
  const commit = () => {
    if (draft === null) return;
    const n = Number(draft);
    setDraft(null);
    if (draft.trim() !== '' && Number.isFinite(n) && n !== value) retimeCmd(frame, n);
  };
  return (
    <input
      className="mono gesture-at"
      type="number"
      step={1}
      min={0}
      max={MAX_AT_MS}
      aria-label={`keyframe ${frame} at_ms`}
      data-testid={`gesture-frame-at-${frame}`}
      value={draft ?? String(value)}
      onChange={(e) => setDraft(e.target.value)}
      onBlur={commit}
      onKeyDown={(e) => {
        if (e.key === 'Enter') commit();
        if (e.key === 'Escape') setDraft(null);
      }}
    />
  );
}

/** The time axis: keyframe markers (drag to retime) and the play head. */
function Axis({ gesture, focus }: { gesture: GestureEnvelope; focus: number }) {
  const playMs = useEditor((s) => s.playMs);
  const readback = useEditor((s) => s.readback);
  const frames = gesture.args.frames;
  const last = frames.reduce((m, f) => Math.max(m, f.at_ms), 0);
  const span = Math.max(1000, Math.ceil((last * 1.2) / 500) * 500);
  const x = (ms: number) => `${(ms / span) * 100}%`;
  const startDrag = (i: number) => (e: ReactPointerEvent<SVGElement>) => {
    if (e.button !== 0) return;
    const svg = e.currentTarget.ownerSVGElement ?? (e.currentTarget as unknown as SVGSVGElement);
    const box = svg.getBoundingClientRect();
    const fixedSpan = span;
    const mark = documentHost.mark('retime');
    setEditor({ frame: i });
    const move = (ev: PointerEvent) => {
      const g = documentHost.gesture();
      if (!g) return;
      const ms = Math.round(((ev.clientX - box.left) / box.width) * fixedSpan);
      documentHost.update(retime(g, i, ms));
    };
    const up = () => {
      window.removeEventListener('pointermove', move);
      window.removeEventListener('pointerup', up);
      window.removeEventListener('keydown', esc);
    };
    const esc = (ev: KeyboardEvent) => {
      if (ev.key !== 'Escape') return;
      documentHost.bail(mark);
      up();
    };
    window.addEventListener('pointermove', move);
    window.addEventListener('pointerup', up);
    window.addEventListener('keydown', esc);
    e.preventDefault();
  };
  return (
    <svg
      className="gesture-axis"
      data-testid="gesture-axis"
      data-span-ms={span}
      width="100%"
      height={readback ? 46 : 30}
    >
      <line x1="0" x2="100%" y1="14" y2="14" stroke="#666" />
      {[0, 0.25, 0.5, 0.75, 1].map((f) => (
        <text
          key={f}
          x={x(span * f)}
          y="28"
          fill="#999"
          fontSize="9"
          textAnchor={f === 1 ? 'end' : f === 0 ? 'start' : 'middle'}
        >
          {Math.round(span * f)} ms
        </text>
      ))}
      {frames.map((f, i) => (
        <g key={i} data-testid={`gesture-axis-frame-${i}`} onPointerDown={startDrag(i)} style={{ cursor: 'ew-resize' }}>
          <rect
            x={x(f.at_ms)}
            y="3"
            width="8"
            height="22"
            transform="translate(-4 0)"
            fill={i === focus ? '#ffffff' : '#9aa4b2'}
            stroke="#202020"
          />
        </g>
      ))}
      {readback?.events.map(
        (ev, k) =>
          ev.dispatchedMs !== null && (
            <line
              key={k}
              data-testid="gesture-axis-event"
              x1={x(ev.dispatchedMs)}
              x2={x(ev.dispatchedMs)}
              y1="32"
              y2="44"
              stroke={Math.abs(ev.errorMs ?? 0) > 8 ? '#ff3b3b' : '#7ddf64'}
              strokeWidth="1"
            />
          ),
      )}
      {playMs !== null && (
        <line
          data-testid="gesture-playhead"
          x1={x(playMs)}
          x2={x(playMs)}
          y1="0"
          y2="30"
          stroke="#ffd166"
          strokeWidth="2"
        />
      )}
    </svg>
  );
}

function SpaceSwitch({ gesture }: { gesture: GestureEnvelope }) {
  const screen = useStore(currentScreen);
  const space = spaceOf(gesture.args);
  const other = space === 'pixel' ? 'normalized' : 'pixel';
  const loss = screen ? switchSpace(gesture, other, screen) : null;
  return (
    <span className="gesture-space">
      <label>
        space{' '}
        <select
          data-testid="gesture-space"
          value={space}
          onChange={(e) => setSpaceCmd(e.target.value as 'pixel' | 'normalized')}
        >
          <option value="pixel">pixel</option>
          <option value="normalized">normalized</option>
        </select>
      </label>
      {loss && (
        <span className="mono dim" data-testid="gesture-space-loss" data-lost={loss.lost.length}>
          {loss.lost.length === 0
            ? `→ ${other}: lossless`
            : `→ ${other}: ${loss.lost.length} point(s) move, up to ${loss.maxShiftPx.toFixed(1)} px`}
        </span>
      )}
    </span>
  );
}

/**
 * One keyframe's column. Memoized on the frame's identity (a drag copies only the keyframe it moves) and on
 * its holds and issues as strings, so a pointer move re-renders one column, not 32.
 */
const FrameColumn = memo(function FrameColumn({
  frame: f,
  index: i,
  focus,
  removable,
  holds,
  issues,
}: {
  frame: GestureFrame;
  index: number;
  focus: boolean;
  removable: boolean;
  holds: string;
  issues: string;
}) {
  const held = holds.split(',');
  const list = issues === '' ? [] : issues.split('\u0001').map((x) => x.split('\u0000') as [string, string]);
  return (
    <div
      className={`gesture-frame${focus ? ' focus' : ''}${list.length ? ' bad' : ''}`}
      data-testid={`gesture-frame-${i}`}
      data-codes={[...new Set(list.map(([code]) => code))].join(' ')}
      onPointerDown={() => setEditor({ frame: i })}
    >
      <div className="gesture-frame-head">
        <span>K{i}</span>
        {removable && (
          <button
            className="x"
            data-testid={`gesture-remove-frame-${i}`}
            title={`remove keyframe ${i}`}
            onClick={() => removeFrameCmd(i)}
          >
            ×
          </button>
        )}
      </div>
      <AtInput frame={i} value={f.at_ms} />
      {f.points.map((p, j) => (
        <div
          key={j}
          className="mono gesture-point"
          data-testid={`gesture-point-${i}-${j}`}
          style={{ color: FINGER_COLOURS[j] }}
        >
          {p[0]},{p[1]}
          {held[j] === 'true' ? ' hold' : ''}
        </div>
      ))}
      {list.map(([code, message], k) => (
        <div key={k} className="gesture-code" title={message}>
          {code}
        </div>
      ))}
    </div>
  );
});

export function GestureTimeline() {
  useGestureKeys();
  const document = useFrameStore((s) => s.document);
  const screen = useStore(currentScreen);
  const speed = useEditor((s) => s.speed);
  const playing = useEditor((s) => s.playMs !== null);
  const message = useEditor((s) => s.message);
  const focusState = useEditor((s) => s.frame);
  const [json, setJson] = useState('');
  void document; // re-render on every document change: the step below is read from it
  void focusState;
  const step = gestureStep();
  const gesture = (step?.envelope as GestureEnvelope | undefined) ?? null;
  const placed = step && !step.check.ok ? placeIssues(step.check.issues) : [];
  const banners = placed.filter((p) => p.spot.kind === 'banner');
  const focus = focusFrame();
  const fingers = gesture?.args.frames[0]?.points.length ?? 0;
  return (
    <section className="gesture-timeline" data-testid="gesture-timeline">
      <div className="gesture-bar">
        <button data-testid="gesture-new" onClick={startNewGesture} disabled={!screen}>
          New gesture
        </button>
        <button data-testid="gesture-add-finger" onClick={addFingerCmd} disabled={!screen || fingers >= MAX_FINGERS}>
          + finger
        </button>
        <button
          data-testid="gesture-add-frame"
          onClick={addFrameCmd}
          disabled={!screen || (gesture?.args.frames.length ?? 0) >= MAX_FRAMES}
        >
          + keyframe
        </button>
        {gesture && <SpaceSwitch gesture={gesture} />}
        <button
          data-testid="gesture-play"
          disabled={!gesture || !screen}
          onClick={() => (playing ? stopPlay() : play(gesture!, screen!))}
        >
          {playing ? 'Stop' : 'Play'}
        </button>
        <select
          data-testid="gesture-speed"
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
          data-testid="gesture-send"
          disabled={!gesture || !step?.check.ok}
          title={step && !step.check.ok ? `refused: ${placed[0]?.issue.code}` : 'send through the executor'}
          onClick={() => void sendGesture()}
        >
          Send
        </button>
        <span className="gesture-fingers">
          {Array.from({ length: fingers }, (_, j) => (
            <span
              key={j}
              className="gesture-finger"
              data-testid={`gesture-finger-${j}`}
              style={{ borderColor: FINGER_COLOURS[j] }}
            >
              finger {j + 1}
              {fingers > 1 && (
                <button
                  className="x"
                  data-testid={`gesture-remove-finger-${j}`}
                  title={`remove finger ${j + 1}`}
                  onClick={() => removeFingerCmd(j)}
                >
                  ×
                </button>
              )}
            </span>
          ))}
        </span>
      </div>
      {banners.map(({ issue }, k) => (
        <div key={k} className="gesture-banner" data-testid="gesture-banner" data-code={issue.code}>
          {issue.code}
          {issue.path ? ` at ${issue.path}` : ''}: {issue.message}
        </div>
      ))}
      {message && (
        <div className={`gesture-message ${message.kind}`} data-testid="gesture-message">
          {message.text}
        </div>
      )}
      {!gesture && (
        <div className="empty">No gesture: press New gesture, import one, or select a touch_gesture step.</div>
      )}
      {gesture && (
        <>
          <Axis gesture={gesture} focus={focus} />
          <div className="gesture-columns">
            {gesture.args.frames.map((f, i) => {
              const issues = frameIssues(placed, i);
              const holds = f.points.map((_, j) => holdsAt(gesture, i, j)).join();
              return (
                <FrameColumn
                  key={i}
                  frame={f}
                  index={i}
                  focus={i === focus}
                  removable={gesture.args.frames.length > MIN_FRAMES}
                  holds={holds}
                  issues={issues.map((p) => `${p.issue.code}\u0000${p.issue.message}`).join('\u0001')}
                />
              );
            })}
          </div>
          <ul className="gesture-issues" data-testid="gesture-issues">
            {placed.map(({ issue }, k) => (
              <li key={k} data-testid="gesture-issue" data-code={issue.code} data-path={issue.path}>
                <b>{issue.code}</b> {issue.path}: {issue.message}
              </li>
            ))}
          </ul>
        </>
      )}
      <div className="gesture-json">
        <textarea
          data-testid="gesture-json"
          aria-label="Gesture JSON"
          spellCheck={false}
          value={json}
          onChange={(e) => setJson(e.target.value)}
          placeholder='{"tool":"touch_gesture","args":{…}}'
        />
        <div className="gesture-json-buttons">
          <button data-testid="gesture-import" onClick={() => importText(json, 'import')}>
            Import
          </button>
          <button
            data-testid="gesture-export"
            disabled={!gesture}
            onClick={() => {
              const text = exportText();
              if (text === null) return;
              setJson(text);
              void navigator.clipboard?.writeText(text).catch(() => undefined);
            }}
          >
            Export
          </button>
          <button data-testid="gesture-paste" onClick={() => void pasteFromClipboard()}>
            Paste
          </button>
        </div>
      </div>
      <ReadbackView />
    </section>
  );
}
