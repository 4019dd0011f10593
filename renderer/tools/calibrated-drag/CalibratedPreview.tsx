// The calibrated drag's live preview on the stage, in device pixels through the camera: the value scale along
// the axis (ticks and labels computed from the two anchors), the anchors, the start, the indicator of a pan,
// where the target value sits on the scale now, the planned path and endpoint (the plan prepareCall returned:
// what Send dispatches), the figures next to the endpoint, every issue in place with its hint, and after a
// Send the receipt's before / after / residual / within_tolerance.
import { Circle, Group, Label, Layer, Line, Rect, Tag, Text } from 'react-konva';
import { formatValue, positionOf, type ValueFormat } from '../../../shared/calibration';
import { cameraView, deviceToStage, devicePoint, type Camera, type ScreenSize } from '../../../shared/geometry';
import { useStore } from '../../app/store';
import { hintFor } from './draft';
import { scaleTicks } from './scale-ticks';
import { useCalibratedEvaluation } from './use-evaluation';

const GOLD = '#ffd166';
const BLUE = '#40c4ff';
const RED = '#ff5c5c';
const GREEN = '#5ce08a';
const FONT = { fontSize: 12, fontFamily: 'monospace' } as const;

/** A text on a dark tag, readable over any picture. */
function Note({ x, y, text, fill, size = 12, width }: { x: number; y: number; text: string; fill: string; size?: number; width?: number }) {
  return (
    <Label x={x} y={y} listening={false}>
      <Tag fill="rgba(11, 13, 16, 0.82)" cornerRadius={3} />
      <Text text={text} fill={fill} fontFamily="monospace" fontSize={size} padding={3} {...(width !== undefined && { width })} />
    </Label>
  );
}

/** The scale is drawn this many stage pixels beside the anchors, so it does not cover the app's own labels. */
const SCALE_OFFSET = 26;

export function CalibratedPreview({ camera, screen }: { camera: Camera; screen: ScreenSize }) {
  const draft = useStore((s) => s.calDraft);
  const run = useStore((s) => s.calRun);
  const evaluation = useCalibratedEvaluation();
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
  const cross = placed.length > 0 ? placed.reduce((sum, a) => sum + (axis === 'x' ? a.point.y : a.point.x), 0) / placed.length : null;
  const crossStage = cross === null ? 0 : SCALE_OFFSET / camera.zoom; // device px for SCALE_OFFSET stage px
  const along = (p: number, off = 0) => (axis === 'x' ? at(p, (cross ?? 0) + crossStage + off / camera.zoom) : at((cross ?? 0) + crossStage + off / camera.zoom, p));
  const size = axis === 'x' ? screen.width : screen.height;
  const ticks = ready && cross !== null ? scaleTicks(ready.anchors, size, camera.zoom) : [];
  const end = ready?.prepared.ok ? ready.prepared.plan.pointers[0]?.keyframes ?? [] : [];
  const fig = ready?.figures ?? null;
  const endXY = fig ? at(fig.end.x, fig.end.y) : null;
  const issues = ready?.issues ?? [];
  // An end off the screen is shown where the drag starts (the label must be seen; the end itself is not moved).
  const endOnScreen = fig !== null && fig.end.x >= 0 && fig.end.x < screen.width && fig.end.y >= 0 && fig.end.y < screen.height;
  const issueAt = endOnScreen || !draft.start ? (endXY ?? [0, 0]) : at(draft.start.x, draft.start.y);
  const last = run?.attempts.at(-1)?.receipt?.feedback ?? null;
  return (
    <Layer listening={false} name="calibrated-preview">
      {ticks.length > 0 && (
        <Group>
          <Rect
            x={Math.min(along(0)[0], along(size)[0]) - (axis === 'y' ? 8 : 0)} y={Math.min(along(0)[1], along(size)[1]) - (axis === 'x' ? 8 : 0)}
            width={axis === 'x' ? Math.abs(along(size)[0] - along(0)[0]) : 64} height={axis === 'x' ? 24 : Math.abs(along(size)[1] - along(0)[1])}
            fill="rgba(11, 13, 16, 0.7)"
          />
          <Line points={[...along(0), ...along(size)]} stroke={GOLD} strokeWidth={1} opacity={0.8} />
          {ticks.map((t) => (
            <Group key={t.position}>
              <Line points={[...along(t.position, -6), ...along(t.position, 6)]} stroke={GOLD} strokeWidth={1} />
              <Text x={along(t.position)[0] - 32} y={along(t.position)[1] + 8} width={64} wrap="none" align="center" text={show(t.value)} fill={GOLD} {...FONT} fontSize={10} />
            </Group>
          ))}
        </Group>
      )}
      {placed.map((a, i) => (
        <Group key={i}>
          <Rect x={at(a.point.x, a.point.y)[0] - 5} y={at(a.point.x, a.point.y)[1] - 5} width={10} height={10} rotation={0} stroke={GOLD} strokeWidth={2} />
          <Note x={at(a.point.x, a.point.y)[0] - 30} y={at(a.point.x, a.point.y)[1] - 30} text={`${i === 0 ? 'A' : 'B'} ${a.text || '?'}`} fill={GOLD} size={11} />
        </Group>
      ))}
      {draft.mode === 'pan' && draft.indicator && (
        <Line
          points={axis === 'x' ? [...at(draft.indicator.x, draft.indicator.y - 80), ...at(draft.indicator.x, draft.indicator.y + 80)] : [...at(draft.indicator.x - 80, draft.indicator.y), ...at(draft.indicator.x + 80, draft.indicator.y)]}
          stroke={GREEN} strokeWidth={2} dash={[4, 3]}
        />
      )}
      {ready && cross !== null && (() => {
        const p = positionOf(ready.call.args.calibration.target_value, ready.anchors);
        return <Group>
          <Circle x={along(p)[0]} y={along(p)[1]} radius={5} fill={RED} />
          <Note x={along(p)[0] - 40} y={along(p)[1] + 22} text={`target ${show(ready.call.args.calibration.target_value)}`} fill={RED} />
        </Group>;
      })()}
      {draft.start && <Circle x={at(draft.start.x, draft.start.y)[0]} y={at(draft.start.x, draft.start.y)[1]} radius={6} fill={BLUE} />}
      {end.length > 1 && <Line points={end.flatMap((k) => at(k.x, k.y))} stroke={BLUE} strokeWidth={3} dash={[8, 4]} />}
      {!ready?.prepared.ok && draft.start && endXY && <Line points={[...at(draft.start.x, draft.start.y), ...endXY]} stroke={RED} strokeWidth={2} dash={[4, 4]} />}
      {endXY && fig && ready && (
        <Group>
          <Circle x={endXY[0]} y={endXY[1]} radius={7} stroke={issues.length ? RED : BLUE} strokeWidth={3} />
          <Note
            x={issueAt[0] + 10} y={issueAt[1] + 46} fill={BLUE}
            text={[
              `end ${fig.end.x}, ${fig.end.y} (${fig.movement_px} px)`,
              `${Number(fig.value_per_px.toFixed(4))}/px · rounding ${Number(fig.rounding_error.toFixed(3))} ≤ ${ready.call.args.calibration.tolerance ?? '—'}`,
              `allowed ±${fig.allowed_px_error === null ? '—' : fig.allowed_px_error.toFixed(1)} px`,
            ].join('\n')}
          />
          {issues.map((i, n) => (
            <Note key={i.code + i.path} x={issueAt[0] + 10} y={issueAt[1] + 100 + n * 48} width={240} text={`${i.code}\n${hintFor(i.code)}`} fill={RED} size={11} />
          ))}
        </Group>
      )}
      {last && draft.start && (
        <Note
          x={at(draft.start.x, draft.start.y)[0] - 130} y={at(draft.start.x, draft.start.y)[1] + 110} size={13}
          fill={last.within_tolerance ? GREEN : RED}
          text={`before ${last.before_value === null ? '—' : show(last.before_value)} → after ${last.after_value === null ? '—' : show(last.after_value)}\nresidual ${last.residual === null ? '—' : Number(last.residual.toFixed(3))} · ${last.within_tolerance ? 'within' : 'outside'} ±${last.tolerance}`}
        />
      )}
    </Layer>
  );
}
