// Native writes of the virtual helper: the evaluator decided the request is allowed; here the lab performs
// it (AccessibilityNodeInfo.performAction) and the state after it is read back from the lab.
import { fieldText, type DeviceEffects, type DeviceState, type RequestOf } from '../../shared/helper-protocol';
import type { Lab } from '../lab/lab';
import type { NativeAction as LabAction } from '../lab/types';

/** Directional scrolls the lab's widgets implement as their forward/backward counterparts. */
const LAB_ACTION: Partial<Record<RequestOf<'control_action'>['action'], LabAction>> = {
  click: 'click',
  long_click: 'long_click',
  focus: 'focus',
  show_on_screen: 'show_on_screen',
  set_progress: 'set_progress',
  scroll_forward: 'scroll_forward',
  scroll_backward: 'scroll_backward',
  scroll_down: 'scroll_forward',
  scroll_up: 'scroll_backward',
  scroll_right: 'scroll_forward',
  scroll_left: 'scroll_backward',
  set_selection: 'set_selection',
  set_text: 'set_text',
  ime_enter: 'ime_enter',
};

export interface LabEffectsHost {
  lab: Lab;
  /** The state as the helper sees it now (after the action ran). */
  state(): DeviceState;
  /** Whether the last performAction answered true (false → UNSUPPORTED_ACTION with performed=false). */
  performed: boolean;
}

export function labEffects(host: LabEffectsHost): DeviceEffects {
  return {
    perform(state, index, req) {
      const ref = host.lab.snapshot().nodes[index]?.ref;
      if (ref === undefined) {
        host.performed = false;
        return state;
      }
      if (req.action === 'replace_selection') {
        const node = state.nodes[index]!;
        // The field's content: '' while it shows its hint as text.
        const text = fieldText(node) ?? '';
        const start = node.selection?.start ?? text.length;
        const end = node.selection?.end ?? text.length;
        const inserted = req.text ?? '';
        host.performed = host.lab.performAction(ref, 'set_text', {
          text: text.slice(0, start) + inserted + text.slice(end),
        });
        const cursor = start + inserted.length;
        if (host.performed) host.lab.performAction(ref, 'set_selection', { start: cursor, end: cursor });
      } else {
        const action = LAB_ACTION[req.action]!;
        host.performed = host.lab.performAction(ref, action, {
          ...(req.value !== null && { value: req.value }),
          ...(req.text !== null && { text: req.text }),
          ...(req.selection_start !== null && { start: req.selection_start }),
          ...(req.selection_end !== null && { end: req.selection_end }),
        });
      }
      return host.state();
    },
  };
}
