// The plan layer: one StagePlan drawn in device pixels through the camera — each planned pointer path (dashed)
// with its keyframes as dots, the first press filled and the lift ringed; the resolved target's box (red when
// OCCLUDED); the windows above it shaded; a drag's calibrated end point. PlanLegend is the same plan in words,
// pinned to the stage's corner (data-testid="stage-plan"). The live stage shows an approval request's plan with
// it; the receipt debugger's stage shows a step's plan.
import { Circle, Group, Layer, Line, Rect, Shape } from 'react-konva';
import { cameraView, deviceToStage, devicePoint, type Camera, type ScreenSize } from '../../shared/geometry';
import { planWords, type PxBox, type StagePlan } from '../../shared/gesture/stage-plan';

const PATH = '#c77dff';
const MAX_KEYFRAME_DOTS = 400;

export function PlanLayer({ plan, camera, screen }: { plan: StagePlan | null; camera: Camera; screen: ScreenSize }) {
  if (!plan) return null;
  return (
    <Layer listening={false} name="plan">
      <PlanShapes plan={plan} camera={camera} screen={screen} />
    </Layer>
  );
}

/** The plan's shapes, for a stage that draws them in a layer of its own (the debugger's one-layer pictures). */
export function PlanShapes({ plan, camera, screen }: { plan: StagePlan | null; camera: Camera; screen: ScreenSize }) {
  if (!plan) return null;
  const view = cameraView(camera, screen);
  const at = (x: number, y: number): [number, number] => {
    const s = deviceToStage(devicePoint(x, y), view);
    return [s.x, s.y];
  };
  const box = (b: PxBox) => {
    const [l, t] = at(b[0], b[1]);
    const [r, bt] = at(b[2], b[3]);
    return { x: l, y: t, width: r - l, height: bt - t };
  };
  const occluded = plan.verdict?.startsWith('OCCLUDED') ?? false;
  // Every keyframe dot of every path in one shape: a drag's dozens of dots are one node to create and draw, not one
  // Konva node each (the debugger changes plans on every scrub step).
  const dots: Array<[number, number]> = [];
  for (const stroke of plan.pointers) {
    if (dots.length + stroke.keyframes.length > MAX_KEYFRAME_DOTS) break;
    for (const k of stroke.keyframes) dots.push(at(k.x, k.y));
  }
  return (
    <Group name="plan">
      {plan.covering.map((w, i) => (
        <Rect
          key={`w${i}`}
          {...box(w.box)}
          fill="rgba(255,92,92,0.22)"
          stroke="#ff5c5c"
          strokeWidth={1}
          dash={[4, 3]}
        />
      ))}
      {plan.target && <Rect {...box(plan.target)} stroke={occluded ? '#ff5c5c' : '#7CFC9A'} strokeWidth={2} />}
      {plan.pointers.map((stroke) => {
        const first = stroke.keyframes[0]!;
        const last = stroke.keyframes.at(-1)!;
        return (
          <Group key={stroke.id}>
            <Line
              points={stroke.keyframes.flatMap((k) => at(k.x, k.y))}
              stroke={PATH}
              strokeWidth={2.5}
              dash={[7, 4]}
            />
            <Circle x={at(first.x, first.y)[0]} y={at(first.x, first.y)[1]} radius={6} fill={PATH} />
            <Circle x={at(last.x, last.y)[0]} y={at(last.x, last.y)[1]} radius={8} stroke={PATH} strokeWidth={2} />
          </Group>
        );
      })}
      {dots.length > 0 && (
        <Shape
          fill={PATH}
          perfectDrawEnabled={false}
          sceneFunc={(ctx, shape) => {
            ctx.beginPath();
            for (const [x, y] of dots) {
              ctx.moveTo(x + 2, y);
              ctx.arc(x, y, 2, 0, Math.PI * 2);
            }
            ctx.fillShape(shape);
          }}
        />
      )}
      {plan.calibration && (
        <Circle
          x={at(...plan.calibration.end_px)[0]}
          y={at(...plan.calibration.end_px)[1]}
          radius={11}
          stroke="#ffd166"
          strokeWidth={2}
          dash={[3, 3]}
        />
      )}
    </Group>
  );
}

export function PlanLegend({ plan }: { plan: StagePlan | null }) {
  if (!plan) return null;
  return (
    <div
      className={`stage-plan mono${plan.refusal ? ' refused' : ''}`}
      data-testid="stage-plan"
      data-paths={plan.pointers.length}
      data-verdict={plan.verdict ?? ''}
      data-refused={plan.refusal?.code ?? ''}
      data-target={plan.target?.join(',') ?? ''}
    >
      {planWords(plan)}
    </div>
  );
}
