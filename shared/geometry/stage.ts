// Stage ↔ device pixels for the renderer. The device picture is drawn into `view.picture` (stage pixels,
// right/bottom exclusive) and shows the whole screen `view.screen` (device pixels), possibly scaled.
// - stage → device: the device pixel under the stage point, floor((s − left) × width / pictureWidth).
//   A point beside the picture maps to a pixel outside 0..width−1; it is reported, never clamped
//   (check it with isOnScreen).
// - device → stage: the centre of the device pixel, left + (px + 0.5) × pictureWidth / width, so
//   stageToDevice(deviceToStage(p)) === p.
// - device rect → stage rect: pixel edges map linearly (an exclusive edge stays exclusive).
import {
  devicePoint,
  stagePoint,
  type DevicePoint,
  type DeviceRect,
  type ScreenSize,
  type StagePoint,
  type StagePx,
  type StageRect,
} from './types';

export interface StageView {
  readonly picture: StageRect;
  readonly screen: ScreenSize;
}

export function stageToDevice(p: StagePoint, view: StageView): DevicePoint {
  const { picture, screen } = view;
  return devicePoint(
    Math.floor(((p.x - picture.left) * screen.width) / (picture.right - picture.left)),
    Math.floor(((p.y - picture.top) * screen.height) / (picture.bottom - picture.top)),
  );
}

export function deviceToStage(p: DevicePoint, view: StageView): StagePoint {
  const { picture, screen } = view;
  return stagePoint(
    picture.left + ((p.x + 0.5) * (picture.right - picture.left)) / screen.width,
    picture.top + ((p.y + 0.5) * (picture.bottom - picture.top)) / screen.height,
  );
}

export function deviceRectToStage(r: DeviceRect, view: StageView): StageRect {
  const { picture, screen } = view;
  const sx = (picture.right - picture.left) / screen.width;
  const sy = (picture.bottom - picture.top) / screen.height;
  return {
    left: (picture.left + r.left * sx) as StagePx,
    top: (picture.top + r.top * sy) as StagePx,
    right: (picture.left + r.right * sx) as StagePx,
    bottom: (picture.top + r.bottom * sy) as StagePx,
  };
}
