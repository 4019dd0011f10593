// A stage layer painted imperatively from a scene: one Konva custom shape, redrawn synchronously whenever the
// document or the editor's view state changes, so one pointer move of a handle drag is validate + plan
// (updateStep → prepareCall) + repaint, in that order, in that event — no reconciliation of hundreds of nodes.
import type Konva from 'konva';
import type { Context } from 'konva/lib/Context';
import { useEffect, useRef } from 'react';
import { Layer, Shape } from 'react-konva';
import type { Camera, ScreenSize } from '../../../shared/geometry';
import { useStore } from '../../app/store';
import { setStageLabels, stageLabels, type LabelBox } from '../../stage/stage-labels';
import { editorStore } from './editor-store';

export interface SceneLayerProps<S> {
  camera: Camera;
  screen: ScreenSize;
  name: string;
  scene: () => S | null;
  /** Paints the scene; returns the boxes of the labels it placed (clear of `taken`, the other layers' labels). */
  paint: (ctx: Context, scene: S, camera: Camera, screen: ScreenSize, taken: readonly LabelBox[]) => LabelBox[];
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
      setStageLabels(name, []);
    };
  }, [name]);

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
          setStageLabels(name, current.current ? p(ctx, current.current, c, s, stageLabels(name)) : []);
        }}
      />
    </Layer>
  );
}
