// Upper bounds for every count, duration and size the seed (000) leaves unbounded, so that one valid request
// costs seconds and megabytes, never minutes or the process. Each value is the seed's own bound for the same
// quantity elsewhere (the sequence members' limits, ControlSelector text, control_action text) or, where the
// seed has none, a figure the seeds' examples imply. SEED_TIGHTENINGS lists each one; README has the table.

/** click.times: a sequence click member's maximum (ClickStep.times ≤ 10). */
export const MAX_TAPS = 10;
/** click / click_sequence delay_ms: a sequence click member's maximum (ClickStep.delay_ms ≤ 1000). */
export const MAX_TAP_DELAY_MS = 1000;
/** click_sequence.sequence: points in one burst. */
export const MAX_BURST_POINTS = 100;
/** action_sequence.steps: members, whatever max_burst_actions allows (TOO_MANY_MEMBERS is the policy below it). */
export const MAX_SEQUENCE_MEMBERS = 100;
/** drag / long_press / swipe duration_ms: every gesture member's maximum (DragStep, PinchStep ≤ 10000). */
export const MAX_GESTURE_MS = 10_000;
/** touch_gesture: fingers held at once (TouchFrame.points ≤ 5, the seed's own bound). */
export const MAX_TOUCH_FINGERS = 5;
/** touch_gesture.frames: keyframes of one gesture (the seed's 2..32). */
export const MIN_TOUCH_FRAMES = 2;
export const MAX_TOUCH_FRAMES = 32;
/** wait_for_delay.time_in_ms: 5 minutes, the longest pause the agent dialect (seed 001) gives as an example. */
export const MAX_DELAY_MS = 300_000;
/** wait_for_text / take_screenshot / get_ui_hierarchy timeout_ms: wait_until's and scroll_to's maximum. */
export const MAX_TIMEOUT_MS = 30_000;
/** observe_screen.settle_ms: scroll_to's settle maximum. */
export const MAX_SETTLE_MS = 3000;
/** input_text.text: control_action's text maximum (65536). */
export const MAX_INPUT_TEXT = 65_536;
/** wait_for_text.text: a ControlSelector's text maximum. */
export const MAX_MATCH_TEXT = 4096;
/** open_link.url. */
export const MAX_URL = 8192;
/** Names, ids and descriptions (target_description, resource ids, app names): the seed's IdString maximum. */
export const MAX_NAME = 512;
/** The envelope's `tool`: longer than any tool name by far. */
export const MAX_TOOL_NAME = 64;
