// The node-tree overlay on the stage: one layer with every shown box (its paths rebuilt per observation,
// filter, camera or viewport change) and one with the hovered and selected boxes, painted by a store
// subscription on hover and selection without going through React; that layer is never cleared as a whole
// (HighlightPainter clears what it drew), so a hover costs the same on any canvas size.
import { useEffect, useMemo, useRef } from 'react';
import type Konva from 'konva';
import { Layer, Shape } from 'react-konva';
import type { Camera, Viewport } from '../../shared/geometry';
import { useStore } from '../app/store';
import { currentPointer } from '../features/device-view/pointer';
import { hitTestDevice, overlayModel } from '../features/node-tree/hit-test';
import { HighlightPainter, buildPaths, drawBoxes } from '../features/node-tree/overlay-renderer';

export function OverlayLayers({ camera, viewport }: { camera: Camera; viewport: Viewport }) {
  const observation = useStore((s) => s.observation);
  const filters = useStore((s) => s.filters);
  const highlight = useRef<Konva.Layer>(null);
  const model = overlayModel(observation, filters);
  const { zoom, x, y } = camera;
  const { width, height } = viewport;
  const paths = useMemo(
    () => (model ? buildPaths(model.index, { zoom, x, y }, { width, height }) : null),
    [model, zoom, x, y, width, height],
  );
  const painter = useMemo(
    () => (model ? new HighlightPainter(model.index, { zoom, x, y }) : null),
    [model, zoom, x, y],
  );

  // A new painter starts from a cleared layer.
  useEffect(() => {
    highlight.current?.clear();
    highlight.current?.batchDraw();
  }, [painter, width, height]);

  useEffect(
    () =>
      useStore.subscribe((s, prev) => {
        // A new tree under a resting pointer: hover whatever is under it now.
        const pointer = currentPointer();
        if ((s.observation !== prev.observation || s.filters !== prev.filters) && pointer)
          s.hover(hitTestDevice(pointer.device));
        if (s.hovered !== prev.hovered || s.selected !== prev.selected) highlight.current?.batchDraw();
      }),
    [],
  );

  if (!model || !paths || !painter) return null;
  return (
    <>
      <Layer listening={false} name="overlay-boxes">
        <Shape listening={false} perfectDrawEnabled={false} sceneFunc={(ctx) => drawBoxes(ctx._context, paths)} />
      </Layer>
      <Layer listening={false} ref={highlight} clearBeforeDraw={false} name="overlay-highlight">
        <Shape
          listening={false}
          perfectDrawEnabled={false}
          sceneFunc={(ctx) => {
            const s = useStore.getState();
            painter.paint(ctx._context, s.hovered, s.selected);
          }}
        />
      </Layer>
    </>
  );
}
