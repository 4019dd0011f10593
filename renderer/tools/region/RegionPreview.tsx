// The region tool's stage layer: the selected step's region, its planned paths (blue inside, red outside) and
// OUTSIDE_REGION where a path leaves it, before anything is dispatched.
import { Circle, Group, Label, Layer, Line, Rect, Tag, Text } from 'react-konva';
import { cameraView, deviceToStage, devicePoint, type Camera, type ScreenSize } from '../../../shared/geometry';
import { useRegionView } from './use-region-view';

const BLUE = '#40c4ff';
const RED = '#ff5c5c';

export function RegionPreview({ camera, screen }: { camera: Camera; screen: ScreenSize }) {
  const view = useRegionView();
  if (!view) return null;
  const cam = cameraView(camera, screen);
  const at = (x: number, y: number): [number, number] => {
    const s = deviceToStage(devicePoint(x, y), cam);
    return [s.x, s.y];
  };
  const r = view.regionPx;
  const outside = view.issues.find((i) => i.code === 'OUTSIDE_REGION');
  const firstOut = view.paths.flat().find((p) => !p.inside);
  return (
    <Layer listening={false} name="region-preview">
      {r && (
        <Rect
          x={at(r[0], r[1])[0]}
          y={at(r[0], r[1])[1]}
          width={at(r[2], r[3])[0] - at(r[0], r[1])[0]}
          height={at(r[2], r[3])[1] - at(r[0], r[1])[1]}
          stroke="#ffd166"
          strokeWidth={2}
          fill="rgba(255, 209, 102, 0.08)"
        />
      )}
      {view.paths.map((path, i) => (
        <Group key={i}>
          {path.slice(1).map((p, j) => {
            const q = path[j]!;
            return (
              <Line
                key={j}
                points={[...at(q.x, q.y), ...at(p.x, p.y)]}
                stroke={q.inside && p.inside ? BLUE : RED}
                strokeWidth={3}
              />
            );
          })}
          {path.length > 0 && (
            <Circle
              x={at(path[0]!.x, path[0]!.y)[0]}
              y={at(path[0]!.x, path[0]!.y)[1]}
              radius={5}
              fill={path[0]!.inside ? BLUE : RED}
            />
          )}
          {path.length > 0 && (
            <Circle
              x={at(path.at(-1)!.x, path.at(-1)!.y)[0]}
              y={at(path.at(-1)!.x, path.at(-1)!.y)[1]}
              radius={6}
              stroke={path.at(-1)!.inside ? BLUE : RED}
              strokeWidth={2}
            />
          )}
        </Group>
      ))}
      {outside && firstOut && (
        <Label x={at(firstOut.x, firstOut.y)[0] + 10} y={at(firstOut.x, firstOut.y)[1] + 10}>
          <Tag fill="rgba(11, 13, 16, 0.85)" cornerRadius={3} />
          <Text
            text={`OUTSIDE_REGION\n${outside.message}`}
            fill={RED}
            fontFamily="monospace"
            fontSize={11}
            padding={3}
            width={240}
          />
        </Label>
      )}
    </Layer>
  );
}
