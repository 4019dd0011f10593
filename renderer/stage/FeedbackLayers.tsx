// The tool layer (live pointer feedback: the press point, the path drawn while dragging, red when the pointer
// is off the screen) and the preview layer (what the pending call would dispatch: its planned pointer paths,
// or its refusal code), both in device pixels drawn through the camera.
import { useMemo } from 'react';
import { Circle, Group, Layer, Line, Rect, Text } from 'react-konva';
import { cameraView, deviceToStage, devicePoint, type Camera, type ScreenSize } from '../../shared/geometry';
import { useStore } from '../app/store';
import { preparePreview } from './prepare-preview';

function stageXY(p: { x: number; y: number }, camera: Camera, screen: ScreenSize): [number, number] {
  const s = deviceToStage(devicePoint(p.x, p.y), cameraView(camera, screen));
  return [s.x, s.y];
}

export function FeedbackLayers({ camera, screen }: { camera: Camera; screen: ScreenSize }) {
  const feedback = useStore((s) => s.toolFeedback);
  const capabilities = useStore((s) => s.capabilities?.capabilities ?? null);
  const preview = useMemo(
    () => (feedback?.preview ? preparePreview(feedback.preview, screen, capabilities) : null),
    [feedback, screen, capabilities],
  );
  const at = (p: { x: number; y: number }) => stageXY(p, camera, screen);
  const tip =
    feedback?.kind === 'press' ? feedback.at : feedback?.kind === 'path' ? feedback.points.at(-1)! : feedback?.to;
  return (
    <>
      <Layer listening={false} name="tool">
        {feedback?.kind === 'press' && (
          <Circle x={at(feedback.at)[0]} y={at(feedback.at)[1]} radius={9} stroke="#ffd166" strokeWidth={2} />
        )}
        {feedback?.kind === 'path' && (
          <Line
            points={feedback.points.flatMap(at)}
            stroke={feedback.outside ? '#ff5c5c' : '#ffd166'}
            strokeWidth={3}
            lineCap="round"
            lineJoin="round"
            opacity={0.9}
          />
        )}
        {feedback?.kind === 'rect' && (
          <Rect
            x={Math.min(at(feedback.from)[0], at(feedback.to)[0])}
            y={Math.min(at(feedback.from)[1], at(feedback.to)[1])}
            width={Math.abs(at(feedback.to)[0] - at(feedback.from)[0])}
            height={Math.abs(at(feedback.to)[1] - at(feedback.from)[1])}
            stroke="#ffd166"
            strokeWidth={2}
            dash={[6, 4]}
          />
        )}
      </Layer>
      <Layer listening={false} name="preview">
        {preview?.ok &&
          preview.pointers.map((stroke) => {
            const first = stroke.keyframes[0]!;
            const last = stroke.keyframes.at(-1)!;
            return (
              <Group key={stroke.id}>
                <Line points={stroke.keyframes.flatMap(at)} stroke="#40c4ff" strokeWidth={2} dash={[6, 4]} />
                <Circle x={at(first)[0]} y={at(first)[1]} radius={5} fill="#40c4ff" />
                <Circle x={at(last)[0]} y={at(last)[1]} radius={5} stroke="#40c4ff" strokeWidth={2} />
              </Group>
            );
          })}
        {preview && !preview.ok && tip && (
          <Text
            x={at(tip)[0] + 12}
            y={at(tip)[1] - 8}
            text={`${preview.issues[0]!.code}`}
            fill="#ff5c5c"
            fontSize={13}
            fontFamily="monospace"
          />
        )}
      </Layer>
    </>
  );
}
