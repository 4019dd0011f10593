// The gesture editor's stage layer: the gesture under edit painted by paint.ts through a SceneLayer.
import type { Camera, ScreenSize } from '../../../shared/geometry';
import { gestureStep } from './document-host';
import { editorStore } from './editor-store';
import { placeIssues } from './issues';
import type { GestureEnvelope } from './model';
import { paintGesture, type GestureScene } from './paint';
import { SceneLayer } from './SceneLayer';

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
  return <SceneLayer camera={camera} screen={screen} name="gesture" scene={currentScene} paint={paintGesture} />;
}
