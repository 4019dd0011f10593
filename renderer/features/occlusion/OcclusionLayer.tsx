// The selected node's occlusion on the stage: the hidden part of its bounds shaded (bounds minus the visible,
// touchable rectangles the helper computed), the covering windows' touchable regions outlined, and the verdict
// (OCCLUDED before a click or native write is sent).
import { Group, Label, Layer, Rect, Tag, Text } from 'react-konva';
import { cameraView, deviceToStage, devicePoint, type Camera, type ScreenSize } from '../../../shared/geometry';
import { useStore } from '../../app/store';

type R = readonly [number, number, number, number];

export function OcclusionLayer({ camera, screen }: { camera: Camera; screen: ScreenSize }) {
  const o = useStore((s) => s.occlusion);
  if (o?.phase !== 'done') return null;
  const { bounds_px, visible_rects, windows_above, verdict } = o.occlusion;
  if (verdict === 'VISIBLE') return null;
  const view = cameraView(camera, screen);
  const box = (r: R) => {
    const a = deviceToStage(devicePoint(r[0], r[1]), view);
    const b = deviceToStage(devicePoint(r[2], r[3]), view);
    return { x: a.x, y: a.y, width: b.x - a.x, height: b.y - a.y };
  };
  const colour = verdict === 'OCCLUDED' ? '#ff5c5c' : '#ffbe3c';
  const b = box(bounds_px);
  return (
    <Layer listening={false} name="occlusion">
      {windows_above.flatMap((w) => w.touchable_region.map((r, i) => <Rect key={`${w.id}-${i}`} {...box(r)} stroke="#ffbe3c" strokeWidth={1} dash={[5, 4]} />))}
      <Group>
        {/* Hidden = bounds minus the visible rectangles, cut out of the shading. */}
        <Rect {...b} fill={colour} opacity={0.45} />
        {visible_rects.map((r, i) => <Rect key={i} {...box(r)} fill="#000" globalCompositeOperation="destination-out" />)}
      </Group>
      <Rect {...b} stroke={colour} strokeWidth={2} />
      <Label x={b.x} y={b.y - 22}>
        <Tag fill="rgba(11, 13, 16, 0.85)" cornerRadius={3} />
        <Text text={`${verdict}${windows_above[0] ? ` · under ${windows_above[0].package_name ?? windows_above[0].type}` : ''}`} fill={colour} fontFamily="monospace" fontSize={12} padding={3} />
      </Label>
    </Layer>
  );
}
