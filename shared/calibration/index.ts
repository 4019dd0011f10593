// shared/calibration: values parsed from observed text, anchors from observed nodes, calibrated drag calls and
// the Correct proposal. Pure; rules are documented at the top of each file.
export { formatValue, parseValue, type ParsedValue, type ValueFormat, type ValueKind } from './values';
export {
  DEFAULT_CALIBRATED_DURATION_MS,
  anchorFromNode,
  buildCalibratedDrag,
  centerOn,
  centerPoint,
  positionOf,
  rangeAnchors,
  widestAnchors,
  type AnchorNode,
  type Axis,
  type CalibratedDragSpec,
  type DragCall,
  type PxRect,
  type RangeNode,
} from './anchors';
export { proposeCorrection, type Correction, type FirstDragResult } from './correct';
