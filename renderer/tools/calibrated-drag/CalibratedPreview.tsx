// The calibrated drag's live preview on the stage, in device pixels through the camera: the value scale along
// the axis (ticks and labels computed from the two anchors), the anchors, the start, the indicator of a pan,
// where the target value sits on the scale now, the planned path and endpoint (the plan prepareCall returned:
// what Send dispatches), the figures next to the endpoint, every issue in place with its hint, and after a
// Send the receipt's before / after / residual / within_tolerance. The notes are placed clear of each other,
// of the scale's labels and of the other layers' labels (stage/stage-labels.ts): the result first, then the
// figures, the issues, the target and the anchors, each at its own spot or the nearest free one.
import { Circle, Group, Label, Layer, Line, Rect, Tag, Text } from 'react-konva';
import { formatValue, positionOf, type ValueFormat } from '../../../shared/calibration';
import { cameraView, deviceToStage, devicePoint, type Camera, type ScreenSize } from '../../../shared/geometry';
import { useEffect } from 'react';
import { useStore } from '../../app/store';
import { placeLabels, setStageLabels, stageLabels, type LabelBox, type LabelRequest } from '../../stage/stage-labels';
import { hintFor } from './draft';
import { scaleTicks } from './scale-ticks';
import { useCalibratedEvaluation } from './use-evaluation';

const GOLD = '#ffd166';
const BLUE = '#40c4ff';
const RED = '#ff5c5c';
const GREEN = '#5ce08a';
const FONT = { fontSize: 12, fontFamily: 'monospace' } as const;

/** A text on a dark tag, readable over any picture. */
function Note({
  x,
  y,
  text,
  fill,
  size = 12,
  width,
}: {
  x: number;
  y: number;
  text: string;
  fill: string;
  size?: number;
  width?: number;
}) {
  return (
    <Label x={x} y={y} listening={false}>
      <Tag fill="rgba(11, 13, 16, 0.82)" cornerRadius={3} />
      <Text
        text={text}
        fill={fill}
        fontFamily="monospace"
        fontSize={size}
        padding={3}
        {...(width !== undefined && { width })}
      />
    </Label>
  );
}

/** A note's box: monospace glyphs are 0.61 em wide, lines 1 em high, 3 px padding; a fixed width wraps. */
function noteSize(text: string, size: number, width?: number): { width: number; height: number } {
  const lines = text.split('\n');
  const glyph = size * 0.61;
  if (width === undefined)
    return { width: Math.ceil(Math.max(...lines.map((l) => l.length)) * glyph + 6), height: lines.length * size + 6 };
  const rows = lines.reduce((n, l) => n + Math.max(1, Math.ceil((l.length * glyph) / (width - 6))), 0);
  return { width, height: rows * size + 6 };
}

interface NoteSpec {
  key: string;
  text: string;
  fill: string;
  size: number;
  width?: number;
  /** The note's own spot, then the point it belongs to (for the spots around it). */
  at: { x: number; y: number };
  near: { x: number; y: number };
}

/** Places the notes in priority order; their boxes go to the stage's label registry. */
function placeNotes(specs: readonly NoteSpec[], taken: readonly LabelBox[]): LabelBox[] {
  const requests: LabelRequest[] = specs.map((s) => {
    const { width, height } = noteSize(s.text, s.size, s.width);
    const p = s.near;
    const steps = [24, 48, 96];
    return {
      width,
      height,
      at: [
        s.at,
        ...steps.flatMap((d) => [
          { x: p.x + d, y: p.y + d },
          { x: p.x + d, y: p.y - d - height },
          { x: p.x - d - width, y: p.y + d },
          { x: p.x - d - width, y: p.y - d - height },
        ]),
      ],
    };
  });
  return placeLabels(requests, taken);
}

/** The scale is drawn this many stage pixels beside the anchors, so it does not cover the app's own labels. */
const SCALE_OFFSET = 26;

export function CalibratedPreview({ camera, screen }: { camera: Camera; screen: ScreenSize }) {
  const draft = useStore((s) => s.calDraft);
  const run = useStore((s) => s.calRun);
  const evaluation = useCalibratedEvaluation();
  useEffect(() => () => setStageLabels('calibrated', []), []);
  const view = cameraView(camera, screen);
  const at = (x: number, y: number): [number, number] => {
    const s = deviceToStage(devicePoint(x, y), view);
    return [s.x, s.y];
  };
  const axis = draft.axis;
  const ready = evaluation?.ready ? evaluation : null;
  const format: ValueFormat | null = ready?.format ?? null;
  const show = (v: number) => (format ? formatValue(v, format) : String(Number(v.toFixed(3))));
  // The scale is drawn where the anchors are, across the axis (their mean cross position).
  const placed = draft.anchors.filter((a) => a !== null);
  const cross =
    placed.length > 0
      ? placed.reduce((sum, a) => sum + (axis === 'x' ? a.point.y : a.point.x), 0) / placed.length
      : null;
  const crossStage = cross === null ? 0 : SCALE_OFFSET / camera.zoom; // device px for SCALE_OFFSET stage px
  const along = (p: number, off = 0) =>
    axis === 'x'
      ? at(p, (cross ?? 0) + crossStage + off / camera.zoom)
      : at((cross ?? 0) + crossStage + off / camera.zoom, p);
  const size = axis === 'x' ? screen.width : screen.height;
  const ticks = ready && cross !== null ? scaleTicks(ready.anchors, size, camera.zoom) : [];
  const end = ready?.prepared.ok ? (ready.prepared.plan.pointers[0]?.keyframes ?? []) : [];
  const fig = ready?.figures ?? null;
  const endXY = fig ? at(fig.end.x, fig.end.y) : null;
  const issues = ready?.issues ?? [];
  // An end off the screen is shown where the drag starts (the label must be seen; the end itself is not moved).
  const endOnScreen =
    fig !== null && fig.end.x >= 0 && fig.end.x < screen.width && fig.end.y >= 0 && fig.end.y < screen.height;
  const issueAt = endOnScreen || !draft.start ? (endXY ?? [0, 0]) : at(draft.start.x, draft.start.y);
  const last = run?.attempts.at(-1)?.receipt?.feedback ?? null;
  /** A scale label's box (its Text below: 64 px wide, 10 px font). */
  const tickBox = (t: { position: number }) => ({
    x: along(t.position)[0] - 32,
    y: along(t.position)[1] + 8,
    width: 64,
    height: 12,
  });
  const specs: NoteSpec[] = [];
  const startXY = draft.start ? at(draft.start.x, draft.start.y) : null;
  if (last && startXY) {
    specs.push({
      key: 'result',
      size: 13,
      fill: last.within_tolerance ? GREEN : RED,
      at: { x: startXY[0] - 130, y: startXY[1] + 110 },
      near: { x: startXY[0], y: startXY[1] },
      text: `before ${last.before_value === null ? '—' : show(last.before_value)} → after ${last.after_value === null ? '—' : show(last.after_value)}\nresidual ${last.residual === null ? '—' : Number(last.residual.toFixed(3))} · ${last.within_tolerance ? 'within' : 'outside'} ±${last.tolerance}`,
    });
  }
  if (endXY && fig && ready) {
    const near = { x: issueAt[0], y: issueAt[1] };
    specs.push({
      key: 'figures',
      size: 12,
      fill: BLUE,
      at: { x: issueAt[0] + 10, y: issueAt[1] + 46 },
      near,
      text: [
        `end ${fig.end.x}, ${fig.end.y} (${fig.movement_px} px)`,
        `${Number(fig.value_per_px.toFixed(4))}/px · rounding ${Number(fig.rounding_error.toFixed(3))} ≤ ${ready.call.args.calibration.tolerance ?? '—'}`,
        `allowed ±${fig.allowed_px_error === null ? '—' : fig.allowed_px_error.toFixed(1)} px`,
      ].join('\n'),
    });
    issues.forEach((i, n) =>
      specs.push({
        key: i.code + i.path,
        size: 11,
        width: 240,
        fill: RED,
        at: { x: issueAt[0] + 10, y: issueAt[1] + 100 + n * 48 },
        near,
        text: `${i.code}\n${hintFor(i.code)}`,
      }),
    );
  }
  const target =
    ready && cross !== null ? along(positionOf(ready.call.args.calibration.target_value, ready.anchors)) : null;
  if (target && ready)
    specs.push({
      key: 'target',
      size: 12,
      fill: RED,
      at: { x: target[0] - 40, y: target[1] + 22 },
      near: { x: target[0], y: target[1] },
      text: `target ${show(ready.call.args.calibration.target_value)}`,
    });
  placed.forEach((a, i) => {
    const [x, y] = at(a.point.x, a.point.y);
    specs.push({
      key: `anchor${i}`,
      size: 11,
      fill: GOLD,
      at: { x: x - 30, y: y - 30 },
      near: { x, y },
      text: `${i === 0 ? 'A' : 'B'} ${a.text || '?'}`,
    });
  });
  const boxes = placeNotes(specs, [...stageLabels('calibrated'), ...ticks.map(tickBox)]);
  setStageLabels('calibrated', boxes);
  const note = (key: string) => {
    const i = specs.findIndex((s) => s.key === key);
    if (i < 0) return null;
    const s = specs[i]!;
    return (
      <Note
        key={key}
        x={boxes[i]!.x}
        y={boxes[i]!.y}
        text={s.text}
        fill={s.fill}
        size={s.size}
        {...(s.width !== undefined && { width: s.width })}
      />
    );
  };
  return (
    <Layer listening={false} name="calibrated-preview">
      {ticks.length > 0 && (
        <Group>
          <Rect
            x={Math.min(along(0)[0], along(size)[0]) - (axis === 'y' ? 8 : 0)}
            y={Math.min(along(0)[1], along(size)[1]) - (axis === 'x' ? 8 : 0)}
            width={axis === 'x' ? Math.abs(along(size)[0] - along(0)[0]) : 64}
            height={axis === 'x' ? 24 : Math.abs(along(size)[1] - along(0)[1])}
            fill="rgba(11, 13, 16, 0.7)"
          />
          <Line points={[...along(0), ...along(size)]} stroke={GOLD} strokeWidth={1} opacity={0.8} />
          {ticks.map((t) => (
            <Group key={t.position}>
              <Line points={[...along(t.position, -6), ...along(t.position, 6)]} stroke={GOLD} strokeWidth={1} />
              <Text
                x={along(t.position)[0] - 32}
                y={along(t.position)[1] + 8}
                width={64}
                wrap="none"
                align="center"
                text={show(t.value)}
                fill={GOLD}
                {...FONT}
                fontSize={10}
              />
            </Group>
          ))}
        </Group>
      )}
      {placed.map((a, i) => (
        <Group key={i}>
          <Rect
            x={at(a.point.x, a.point.y)[0] - 5}
            y={at(a.point.x, a.point.y)[1] - 5}
            width={10}
            height={10}
            rotation={0}
            stroke={GOLD}
            strokeWidth={2}
          />
          {note(`anchor${i}`)}
        </Group>
      ))}
      {draft.mode === 'pan' && draft.indicator && (
        <Line
          points={
            axis === 'x'
              ? [...at(draft.indicator.x, draft.indicator.y - 80), ...at(draft.indicator.x, draft.indicator.y + 80)]
              : [...at(draft.indicator.x - 80, draft.indicator.y), ...at(draft.indicator.x + 80, draft.indicator.y)]
          }
          stroke={GREEN}
          strokeWidth={2}
          dash={[4, 3]}
        />
      )}
      {target && (
        <Group>
          <Circle x={target[0]} y={target[1]} radius={5} fill={RED} />
          {note('target')}
        </Group>
      )}
      {draft.start && (
        <Circle
          x={at(draft.start.x, draft.start.y)[0]}
          y={at(draft.start.x, draft.start.y)[1]}
          radius={6}
          fill={BLUE}
        />
      )}
      {end.length > 1 && <Line points={end.flatMap((k) => at(k.x, k.y))} stroke={BLUE} strokeWidth={3} dash={[8, 4]} />}
      {!ready?.prepared.ok && draft.start && endXY && (
        <Line points={[...at(draft.start.x, draft.start.y), ...endXY]} stroke={RED} strokeWidth={2} dash={[4, 4]} />
      )}
      {endXY && fig && ready && (
        <Group>
          <Circle x={endXY[0]} y={endXY[1]} radius={7} stroke={issues.length ? RED : BLUE} strokeWidth={3} />
          {note('figures')}
          {issues.map((i) => note(i.code + i.path))}
        </Group>
      )}
      {note('result')}
    </Layer>
  );
}
