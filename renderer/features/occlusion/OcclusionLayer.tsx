// The selected node's occlusion on the stage: the hidden part of its bounds shaded (bounds minus the visible,
// touchable rectangles the helper computed), the covering windows' touchable regions outlined, and the verdict
// (OCCLUDED before a click or native write is sent), labelled above the node, else below it, else inside its
// top, whichever is inside the picture and free (the first label on the stage: the tools' labels keep off it).
import { useEffect } from 'react';
import { Group, Label, Layer, Rect, Tag, Text } from 'react-konva';
import { cameraView, deviceToStage, devicePoint, type Camera, type ScreenSize } from '../../../shared/geometry';
import { useStore } from '../../app/store';
import { placeLabels, setStageLabels } from '../../stage/stage-labels';

type R = readonly [number, number, number, number];

/** The verdict's font: 12 px monospace, 3 px padding (its box is measured from the text). */
const CHAR_PX = 7.3;
const LABEL_H = 18;

export function OcclusionLayer({ camera, screen }: { camera: Camera; screen: ScreenSize }) {
  const o = useStore((s) => s.occlusion);
  const shown = o?.phase === 'done' && o.occlusion.verdict !== 'VISIBLE';
  useEffect(() => {
    if (!shown) setStageLabels('occlusion', []);
  }, [shown]);
  useEffect(() => () => setStageLabels('occlusion', []), []);
  if (!shown) return null;
  const { bounds_px, visible_rects, windows_above, verdict } = o.occlusion;
  const view = cameraView(camera, screen);
  const box = (r: R) => {
    const a = deviceToStage(devicePoint(r[0], r[1]), view);
    const b = deviceToStage(devicePoint(r[2], r[3]), view);
    return { x: a.x, y: a.y, width: b.x - a.x, height: b.y - a.y };
  };
  const colour = verdict === 'OCCLUDED' ? '#ff5c5c' : '#ffbe3c';
  const b = box(bounds_px);
  const text = `${verdict}${windows_above[0] ? ` · under ${windows_above[0].package_name ?? windows_above[0].type}` : ''}`;
  const width = Math.ceil(text.length * CHAR_PX + 6);
  const p = view.picture;
  // Kept within the picture's width: a long verdict on a node near the right edge starts further left.
  const x = Math.max(p.left, Math.min(b.x, p.right - width));
  const [label] = placeLabels(
    [
      {
        width,
        height: LABEL_H,
        at: [
          { x, y: b.y - LABEL_H - 2 },
          { x, y: b.y + b.height + 2 },
          { x: x + 2, y: b.y + 2 },
        ],
      },
    ],
    [],
    { x: p.left, y: p.top, width: p.right - p.left, height: p.bottom - p.top },
  );
  setStageLabels('occlusion', [label!]);
  return (
    <Layer listening={false} name="occlusion">
      {windows_above.flatMap((w) =>
        w.touchable_region.map((r, i) => (
          <Rect key={`${w.id}-${i}`} {...box(r)} stroke="#ffbe3c" strokeWidth={1} dash={[5, 4]} />
        )),
      )}
      <Group>
        {/* Hidden = bounds minus the visible rectangles, cut out of the shading. */}
        <Rect {...b} fill={colour} opacity={0.45} />
        {visible_rects.map((r, i) => (
          <Rect key={i} {...box(r)} fill="#000" globalCompositeOperation="destination-out" />
        ))}
      </Group>
      <Rect {...b} stroke={colour} strokeWidth={2} />
      <Label x={label!.x} y={label!.y}>
        <Tag fill="rgba(11, 13, 16, 0.85)" cornerRadius={3} />
        <Text text={text} fill={colour} fontFamily="monospace" fontSize={12} padding={3} />
      </Label>
    </Layer>
  );
}
