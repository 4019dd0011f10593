// A recorded step's label, from what it acts on: "tap Play", "type in Message", "scroll list to Row 40",
// "press Home", "launch com.tactile.lab", "wait until Pause shows". Words come from the node: its description,
// its text (not for a field, whose text is what was typed), else its resource id's name made readable.
import type { ToolEnvelope } from '../../../shared/actions';
import type { ObservedNode } from '../../../shared/observation';

const MAX_WORDS = 60;

const clip = (s: string) => (s.length > MAX_WORDS ? `${s.slice(0, MAX_WORDS - 1)}…` : s);

/** "com.tactile.lab:id/play_pause" → "play pause". */
export function idWords(resourceId: string): string {
  return resourceId
    .slice(resourceId.indexOf('/') + 1)
    .replace(/[_.-]+/g, ' ')
    .trim();
}

/** A node in a few words. */
export function nodeName(n: ObservedNode): string {
  const editable = /EditText|TextInput|AutoComplete/i.test(n.class_name);
  const words =
    n.content_desc ??
    (!editable && n.text.trim() !== '' ? n.text.trim() : null) ??
    (n.resource_id ? idWords(n.resource_id) : null);
  return clip(words ?? n.class_name.slice(n.class_name.lastIndexOf('.') + 1));
}

/** A selector in a few words (what a wait or a scroll names). */
function selectorName(selector: unknown): string {
  const s = (selector ?? {}) as Record<string, unknown>;
  if (typeof s.content_desc === 'string') return clip(s.content_desc);
  if (typeof s.text === 'string') return clip(s.text);
  if (typeof s.resource_id === 'string') return idWords(s.resource_id);
  return typeof s.class_name === 'string' ? s.class_name : 'a control';
}

const KEY_WORDS: Record<string, string> = {
  home: 'Home',
  back: 'Back',
  enter: 'Enter',
  delete: 'Delete',
  tab: 'Tab',
  search: 'Search',
  menu: 'Menu',
  app_switch: 'Recents',
};
const BUTTON_WORDS: Record<string, string> = {
  power: 'press Power',
  volume_up: 'press Volume up',
  volume_down: 'press Volume down',
  rotate: 'rotate the device',
  notifications: 'open notifications',
  quick_settings: 'open quick settings',
  collapse_panels: 'close the panels',
};
const STATE_WORDS: Record<string, string> = {
  visible: 'shows',
  absent: 'is gone',
  checked: 'is checked',
  unchecked: 'is unchecked',
};

/**
 * The label of a recorded step. `target`: the node the call acts on (under the pointer, or the focused field for
 * keys and text) in the observation it was sent on, when known.
 */
export function stepLabel(envelope: ToolEnvelope, target: ObservedNode | null): string | null {
  const a = envelope.args as Record<string, unknown>;
  const on = target ? nodeName(target) : null;
  switch (envelope.tool) {
    case 'action_sequence':
    case 'click':
    case 'tap':
      return on ? `tap ${on}` : 'tap';
    case 'long_press':
      return on ? `long press ${on}` : 'long press';
    case 'drag':
    case 'swipe':
    case 'touch_gesture':
    case 'pinch':
      return on
        ? `${envelope.tool === 'pinch' ? 'pinch' : envelope.tool === 'swipe' ? 'swipe' : 'drag'} on ${on}`
        : null;
    case 'input_text':
      return on ? `type in ${on}` : 'type';
    case 'press_key':
      return `press ${KEY_WORDS[String(a.key)] ?? String(a.key)}`;
    case 'tactile.key':
      return `press ${[a.ctrl === true && 'Ctrl', a.shift === true && 'Shift', String(a.key)].filter(Boolean).join('+')}`;
    case 'tactile.button':
      return BUTTON_WORDS[String(a.button)] ?? null;
    case 'tactile.paste':
      return on ? `paste into ${on}` : 'paste';
    case 'manage_app':
      return `${String(a.action)} ${String(a.app_name)}`;
    case 'reset_app_data':
      return `clear data of ${String(a.appId)}`;
    case 'tactile.install_app':
      return `install ${String(a.apk_path).split('/').pop()}`;
    case 'tactile.uninstall_app':
      return `uninstall ${String(a.package)}`;
    case 'scroll_to':
      return `scroll ${selectorName(a.container)} to ${selectorName(a.target)}`;
    case 'control_action':
      return `${String(a.action).replace(/_/g, ' ')} ${selectorName(a.selector)}`;
    case 'wait_until': {
      const state = String(a.state);
      const what =
        STATE_WORDS[state] ??
        (typeof a.expected_text === 'string' ? `shows ${JSON.stringify(clip(a.expected_text))}` : state);
      return `wait until ${selectorName(a.selector)} ${what}`;
    }
    case 'wait_for_delay':
      return `pause ${String(a.time_in_ms)} ms`;
    default:
      return on ? `${envelope.tool} on ${on}` : null;
  }
}
