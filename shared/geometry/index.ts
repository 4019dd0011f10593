// shared/geometry: the one place where coordinates change space. Rules are documented at the top of each file.
export * from './types';
export { roundHalfUp } from './round';
export {
  NORMALIZED_MAX,
  normToPx,
  normToPxExact,
  pxToNorm,
  pxToNormTarget,
  devicePointToNormTarget,
  normPointToDevice,
  devicePointToNorm,
  axisToPx,
  toDevicePoint,
  isNormalizedInRange,
  isOnScreen,
} from './convert';
export { stageToDevice, deviceToStage, deviceRectToStage, type StageView } from './stage';
export {
  isRegionWellFormed,
  pointInRegion,
  segmentInRegion,
  regionToDevice,
  deviceRectToRegion,
  type RegionTuple,
} from './region';
export { segmentsIntersect } from './segment';
export { cosDeg, sinDeg } from './angle';
export {
  PINCH_SAMPLE_MS,
  pinchSpanToPx,
  pxToPinchSpan,
  pinchSampleCount,
  pinchSampleTime,
  pinchFingersAt,
  resolvePinch,
  type PinchPx,
  type PinchSpec,
} from './pinch';
export {
  computeCalibration,
  type CalibrationSpec,
  type CalibrationProblem,
  type CalibrationFigures,
  type CalibrationOutcome,
  type CalibrationUnits,
} from './calibration';
export {
  MAX_ZOOM_PERCENT,
  cameraView,
  fitCamera,
  NO_INSETS,
  zoomPercent,
  zoomForPercent,
  zoomAt,
  panBy,
  pinchCamera,
  type Camera,
  type Insets,
  type Viewport,
} from './camera';
export { unitToNormalized, pxToUnit, pxRectToUnit } from './unit';
export { rescalePx, rescalePxExact, sameScreen, type Axis } from './rescale';
