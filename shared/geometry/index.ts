// shared/geometry: the one place where coordinates change space. Rules are documented at the top of each file.
export * from './types';
export { roundHalfUp } from './round';
export {
  NORMALIZED_MAX,
  normToPx,
  pxToNormTarget,
  devicePointToNormTarget,
  devicePointToNorm,
  axisToPx,
  toDevicePoint,
  isNormalizedInRange,
  isOnScreen,
} from './convert';
export { stageToDevice, deviceToStage, deviceRectToStage, type StageView } from './stage';
export { isRegionWellFormed, pointInRegion, regionToDevice, deviceRectToRegion, type RegionTuple } from './region';
export { segmentsIntersect } from './segment';
export {
  pinchSpanToPx,
  pxToPinchSpan,
  pinchSampleCount,
  pinchSampleTime,
  pinchFingersAt,
  resolvePinch,
  type PinchSpec,
} from './pinch';
export { computeCalibration, type CalibrationFigures, type CalibrationUnits } from './calibration';
export {
  cameraView,
  fitCamera,
  zoomPercent,
  zoomForPercent,
  zoomAt,
  panBy,
  pinchCamera,
  type Camera,
  type Insets,
  type Viewport,
} from './camera';
export { unitToNormalized, pxRectToUnit } from './unit';
export { rescalePx, rescalePxExact, type Axis } from './rescale';
