// classify_action_outcome: seed 004's eight rules, applied in order, the first match wins.
import type { NetworkRequest } from '../actions';

export const OUTCOMES = ['success', 'no_op', 'backend_failure', 'ui_failure', 'unknown'] as const;
export type ActionOutcome = (typeof OUTCOMES)[number];

/** Actions whose effect is local UI state (no backend): a missing UI change is a no-op, not a backend question. */
export const LOCAL_STATE_ACTIONS: ReadonlySet<string> = new Set([
  'adjust_control',
  'type_text',
  'input_text',
  'erase_one_char',
  'focus_and_clear_text',
  'control_action',
  'scroll_to_element',
  'scroll_to',
  'swipe',
  'drag',
  'pinch',
  'touch_gesture',
  'press_back',
  'press_key',
]);

/** Actions that may have a side effect elsewhere (a request, an app process): they need network evidence. */
export const SIDE_EFFECT_ACTIONS: ReadonlySet<string> = new Set([
  'tap',
  'tap_element',
  'click',
  'click_sequence',
  'long_press',
  'action_sequence',
  'start_app',
  'restart_app',
  'terminate_app',
  'reset_app_data',
  'install_app',
  'manage_app',
  'open_link',
]);

export interface ClassifyInput {
  uiChanged?: boolean;
  expectedElementVisible?: boolean;
  actionType?: string;
  networkRequests?: readonly NetworkRequest[];
}

export interface Classification {
  outcome: ActionOutcome;
  /** Which of the eight rules matched (1..8). */
  rule: number;
  reason: string;
  /** The failing endpoint for backend_failure. */
  failing_request?: NetworkRequest;
}

export function classifyActionOutcome(input: ClassifyInput): Classification {
  const requests = input.networkRequests;
  if (input.uiChanged === true || input.expectedElementVisible === true)
    return { outcome: 'success', rule: 1, reason: 'the UI changed or the expected element is visible' };
  if (input.actionType === undefined)
    return {
      outcome: 'unknown',
      rule: 2,
      reason: 'no actionType: local-state and side-effect actions cannot be told apart',
    };
  const failing = requests?.find((r) => r.status === 'failure' || r.status === 'retryable');
  if (failing)
    return {
      outcome: 'backend_failure',
      rule: 3,
      reason: `a request ${failing.status === 'failure' ? 'failed' : 'is retryable'}`,
      failing_request: failing,
    };
  if (LOCAL_STATE_ACTIONS.has(input.actionType))
    return {
      outcome: 'no_op',
      rule: 4,
      reason: `${input.actionType} is a local-state action: verify its state instead of the network`,
    };
  if (SIDE_EFFECT_ACTIONS.has(input.actionType) && requests === undefined)
    return {
      outcome: 'unknown',
      rule: 5,
      reason: `${input.actionType} is a side-effect action and no networkRequests were supplied`,
    };
  if (!requests || requests.length === 0) return { outcome: 'no_op', rule: 6, reason: 'no requests were made' };
  if (requests.every((r) => r.status === 'success'))
    return { outcome: 'ui_failure', rule: 7, reason: 'every request succeeded but the UI did not change' };
  return { outcome: 'unknown', rule: 8, reason: 'no rule decided' };
}
