// One picture of a step on its own Konva stage, fitted to its box: the recorded screen (or a blank device-sized
// frame while it loads or when none was recorded), the tree-diff highlights, and the step's plan drawn by the
// stage's PlanShapes — what shows an approval request's plan on the live mirror. One layer (one canvas): a scrub
// step changes all three, and each extra canvas is one more to hand to the compositor every step.
import { useRef } from 'react';
import { Group, Image as KImage, Layer, Rect, Stage as KStage, Text } from 'react-konva';
import { cameraView, deviceToStage, devicePoint, fitCamera, type ScreenSize } from '../../../shared/geometry';
import { PlanShapes } from '../../stage/PlanLayer';
import type { PxBox, StagePlan } from '../../../shared/gesture/stage-plan';
import { useViewport } from '../../stage/use-viewport';
import { useDecodedScreen } from './image-cache';

export interface Highlight {
  box: PxBox;
  colour: string;
  /** Index in the diff list, so a hovered row can stand out. */
  id: number;
}

/**
 * What the picture shows while scrubbing, best first: the step's screen decoded in full, its thumbnail, or the
 * last picture this view drew (a neighbour's, dimmed) — a scrub never waits for a decode; the full screen
 * replaces the stand-in as soon as it is decoded. `data-painted` stays the full screen's, `data-preview` says
 * which is shown.
 */
type Shown = { bitmap: ImageBitmap; kind: 'full' | 'thumbnail' | 'nearest' } | null;

function useShownPicture(sha: string | null, thumbSha: string | null, recorded: boolean): Shown {
  const { screen, thumbnail } = useDecodedScreen(sha, thumbSha);
  const last = useRef<ImageBitmap | null>(null);
  const own = screen ?? thumbnail;
  // A closed (evicted) bitmap has width 0: never drawn.
  if (own) last.current = own;
  if (screen) return { bitmap: screen, kind: 'full' };
  if (thumbnail) return { bitmap: thumbnail, kind: 'thumbnail' };
  return recorded && last.current && last.current.width > 0 ? { bitmap: last.current, kind: 'nearest' } : null;
}

export function StepPicture({
  label,
  recorded,
  absent,
  sha,
  thumbSha,
  screen,
  plan,
  highlights,
  focused,
  testId,
}: {
  label: string;
  recorded: boolean;
  /** Shown where the step has no screen (why: none kept, not written yet, or did not land). */
  absent: string;
  sha: string | null;
  thumbSha: string | null;
  screen: ScreenSize;
  plan: StagePlan | null;
  highlights: Highlight[];
  focused: number | null;
  testId: string;
}) {
  const box = useRef<HTMLDivElement>(null);
  const viewport = useViewport(box);
  const shown = useShownPicture(sha, thumbSha, recorded);
  const image = shown?.bitmap ?? null;
  const camera = fitCamera(viewport, screen, 8);
  const view = cameraView(camera, screen);
  const rect = (b: PxBox) => {
    const a = deviceToStage(devicePoint(b[0], b[1]), view);
    const z = deviceToStage(devicePoint(b[2], b[3]), view);
    return { x: a.x, y: a.y, width: z.x - a.x, height: z.y - a.y };
  };
  const picture = rect([0, 0, screen.width, screen.height]);
  return (
    <div
      className="debugger-picture"
      ref={box}
      data-testid={testId}
      data-has-screen={recorded}
      data-painted={shown?.kind === 'full'}
      data-preview={shown?.kind ?? 'none'}
    >
      {viewport.width > 0 && (
        <KStage width={viewport.width} height={viewport.height} listening={false}>
          <Layer listening={false}>
            {image ? (
              <KImage image={image} {...picture} opacity={shown?.kind === 'nearest' ? 0.5 : 1} />
            ) : (
              <Rect {...picture} fill="#161b22" stroke="#30363d" />
            )}
            {!image && (
              <Text
                x={picture.x}
                y={picture.y + picture.height / 2 - 8}
                width={picture.width}
                align="center"
                text={recorded ? 'loading…' : absent}
                fill="#6e7681"
                fontSize={12}
              />
            )}
            <Group name="diff">
              {highlights.map((h) => (
                <Rect
                  key={h.id}
                  {...rect(h.box)}
                  stroke={h.colour}
                  strokeWidth={h.id === focused ? 4 : 2}
                  fill={h.id === focused ? `${h.colour}33` : undefined}
                />
              ))}
            </Group>
            <PlanShapes plan={plan} camera={camera} screen={screen} />
          </Layer>
        </KStage>
      )}
      <span className="debugger-picture-label mono">{label}</span>
    </div>
  );
}
