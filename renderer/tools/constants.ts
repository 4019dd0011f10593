// The canvas tools' own thresholds, in one place: the states that read them import this file rather than their
// tool's class, so a tool and its states never import each other's values (no import cycle).

/** Control: a press that moves farther than this (device px) is a drag, not a tap. */
export const DRAG_SLOP_PX = 6;
/** Control: a wheel finger lifts once the wheel has rested this long. (A long press: shared/gesture/contact-call.) */
export const WHEEL_REST_MS = 150;

/** Region: the tools whose calls take a `region`. */
export const REGION_TOOLS = ['drag', 'pinch', 'touch_gesture'] as const;
/** Region: smaller than this (device px, either side) is a click, not a region: nothing is attached. */
export const MIN_REGION_PX = 4;
