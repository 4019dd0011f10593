// shared/calibration: values parsed from observed text, anchors from observed nodes, calibrated drag calls and
// the Correct proposal. Pure; rules are documented at the top of each file.
export { formatValue, parseValue, type ValueFormat } from './values';
export {
  buildCalibratedDrag,
  centerOn,
  centerPoint,
  positionOf,
  rangeAnchors,
  widestAnchors,
  type Axis,
  type DragCall,
} from './anchors';
export { proposeCorrection, type Correction } from './correct';
