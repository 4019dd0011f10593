// A stage layer painted imperatively from a scene: one Konva custom shape, redrawn synchronously whenever the
// document or the editor's view state changes, so one pointer move of a handle drag is validate + plan
// (updateStep → prepareCall) + repaint, in that order, in that event — no reconciliation of hundreds of nodes.
import type Konva from 'konva';
import type { Context } from 'konva/lib/Context';
import { useEffect, useRef } from 'react';
import { Layer, Shape } from 'react-konva';
import type { Camera, ScreenSize } from '../../../shared/geometry';
import { useStore } from '../../app/store';
import { editorStore } from './editor-store';

export interface SceneLayerProps<S> {
  camera: Camera;
  screen: ScreenSize;
  name: string;
  scene: () => S | null;
  paint: (ctx: Context, scene: S, camera: Camera, screen: ScreenSize) => void;
}

export function SceneLayer<S>({ camera, screen, name, scene, paint }: SceneLayerProps<S>) {
  const layer = useRef<Konva.Layer>(null);
  const latest = useRef({ camera, screen, scene, paint });
  latest.current = { camera, screen, scene, paint };
  const current = useRef<S | null>(null);

  useEffect(() => {
    const redraw = () => {
      current.current = latest.current.scene();
      layer.current?.draw();
    };
    redraw();
    const offDocument = useStore.subscribe((s, prev) => {
      if (s.document !== prev.document) redraw();
    });
    const offEditor = editorStore.subscribe(redraw);
    return () => {
      offDocument();
      offEditor();
    };
  }, []);

  // A camera move or resize re-renders this component: paint with the new view.
  useEffect(() => {
    layer.current?.draw();
  });

  return (
    <Layer ref={layer} listening={false} name={name}>
      <Shape
        listening={false}
        sceneFunc={(ctx) => {
          const { camera: c, screen: s, paint: p } = latest.current;
          if (current.current) p(ctx, current.current, c, s);
        }}
      />
    </Layer>
  );
}
