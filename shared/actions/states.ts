// The enumerations of observable control states and native control actions (seed 000).

/** $defs/ControlCondition.state: a desired observed state for control_action.ensure_state. */
export const CONDITION_STATES = [
  'checked',
  'unchecked',
  'selected',
  'unselected',
  'text',
  'content_desc',
  'value',
] as const;

/** wait_until.state and $defs/WaitUntilStep.state. */
export const WAIT_STATES = [
  'visible',
  'absent',
  'enabled',
  'disabled',
  'checked',
  'unchecked',
  'selected',
  'unselected',
  'text',
  'content_desc',
  'value',
  'stable',
] as const;

/** control_action.action and $defs/SequenceControlRequest.action. */
export const CONTROL_ACTIONS = [
  'click',
  'long_click',
  'focus',
  'show_on_screen',
  'set_progress',
  'scroll_forward',
  'scroll_backward',
  'scroll_up',
  'scroll_down',
  'scroll_left',
  'scroll_right',
  'set_selection',
  'replace_selection',
  'set_text',
  'ime_enter',
] as const;
