// The pinch tool's stage layer: the pinch under edit painted by paint.ts through a SceneLayer.
import type { Camera, ScreenSize } from '../../../shared/geometry';
import { editorStore } from '../gesture/editor-store';
import { SceneLayer } from '../gesture/SceneLayer';
import { pinchHost } from './document-pinch';
import type { PinchEnvelope } from './model';
import { paintPinch, type PinchScene } from './paint';

function pinchScene(): PinchScene | null {
  const step = pinchHost.step();
  if (!step) return null;
  return {
    envelope: step.envelope as PinchEnvelope,
    issues: step.check.ok ? [] : step.check.issues,
    playing: editorStore.getState().playing,
  };
}

export function PinchLayer({ camera, screen }: { camera: Camera; screen: ScreenSize }) {
  return <SceneLayer camera={camera} screen={screen} name="pinch" scene={pinchScene} paint={paintPinch} />;
}
