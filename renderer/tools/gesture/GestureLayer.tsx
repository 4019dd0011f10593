// The gesture editor's stage layer: one Konva custom shape painting the gesture under edit (paint.ts). It
// redraws synchronously whenever the document or the editor's view state changes, so one pointer move of a
// handle drag is validate + plan (updateStep → prepareCall) + repaint, in that order, in that event.
import type Konva from 'konva';
import { useEffect, useRef } from 'react';
import { Layer, Shape } from 'react-konva';
import type { Camera, ScreenSize } from '../../../shared/geometry';
import { useStore } from '../../app/store';
import { gestureStep } from './document-host';
import { editorStore } from './editor-store';
import { placeIssues } from './issues';
import type { GestureEnvelope } from './model';
import { paintGesture, type GestureScene } from './paint';

export function currentScene(): GestureScene | null {
  const step = gestureStep();
  if (!step) return null;
  const ed = editorStore.getState();
  return {
    envelope: step.envelope as GestureEnvelope,
    issues: step.check.ok ? [] : placeIssues(step.check.issues),
    focusFrame: ed.frame,
    handle: ed.handle,
    playing: ed.playing,
  };
}

export function GestureLayer({ camera, screen }: { camera: Camera; screen: ScreenSize }) {
  const layer = useRef<Konva.Layer>(null);
  const latest = useRef({ camera, screen });
  latest.current = { camera, screen };
  const scene = useRef<GestureScene | null>(null);

  useEffect(() => {
    const redraw = () => {
      scene.current = currentScene();
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
    <Layer ref={layer} listening={false} name="gesture">
      <Shape
        listening={false}
        sceneFunc={(ctx) => {
          if (scene.current) paintGesture(ctx, scene.current, latest.current.camera, latest.current.screen);
        }}
      />
    </Layer>
  );
}
