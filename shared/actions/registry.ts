// The 23 tools of seed 000 and their argument schemas: the one canonical action model (then seed 004's and
// Tactile's own, tactile/registry.ts).
import { z } from 'zod';
import { ActionSequenceArgsSchema } from './tools/action-sequence';
import { DragArgsSchema } from './tools/drag';
import { ClickArgsSchema } from './tools/click';
import { ClickSequenceArgsSchema } from './tools/click-sequence';
import { LongPressArgsSchema } from './tools/long-press';
import { InputTextArgsSchema } from './tools/input-text';
import { SwipeArgsSchema } from './tools/swipe';
import { PressKeyArgsSchema } from './tools/press-key';
import { ManageAppArgsSchema } from './tools/manage-app';
import { WaitForDelayArgsSchema } from './tools/wait-for-delay';
import { WaitForTextArgsSchema } from './tools/wait-for-text';
import { OpenLinkArgsSchema } from './tools/open-link';
import { EraseOneCharArgsSchema } from './tools/erase-one-char';
import { FocusAndClearTextArgsSchema } from './tools/focus-and-clear-text';
import { PinchArgsSchema } from './tools/pinch';
import { TouchGestureArgsSchema } from './tools/touch-gesture';
import { ReadControlArgsSchema } from './tools/read-control';
import { ControlActionArgsSchema } from './tools/control-action';
import { WaitUntilArgsSchema } from './tools/wait-until';
import { ScrollToArgsSchema } from './tools/scroll-to';
import { ObserveScreenArgsSchema } from './tools/observe-screen';
import { TakeScreenshotArgsSchema } from './tools/take-screenshot';
import { GetUiHierarchyArgsSchema } from './tools/get-ui-hierarchy';
import { VERIFY_TOOL_NAMES, verifyToolSchemas, type VerifyToolName } from './verify/registry';
import { TACTILE_TOOL_NAMES, tactileToolSchemas, type TactileToolName } from './tactile/registry';

/** In the seed's order. */
export const TOOL_NAMES = [
  'action_sequence',
  'drag',
  'click',
  'click_sequence',
  'long_press',
  'input_text',
  'swipe',
  'press_key',
  'manage_app',
  'wait_for_delay',
  'wait_for_text',
  'open_link',
  'erase_one_char',
  'focus_and_clear_text',
  'pinch',
  'touch_gesture',
  'read_control',
  'control_action',
  'wait_until',
  'scroll_to',
  'observe_screen',
  'take_screenshot',
  'get_ui_hierarchy',
] as const;

export type ToolName = (typeof TOOL_NAMES)[number];

/** Seed 000's 23 tools, seed 004's (shared/actions/verify), then Tactile's (tactile/): every tool a call or a flow step may name. */
export const ALL_TOOL_NAMES = [...TOOL_NAMES, ...VERIFY_TOOL_NAMES, ...TACTILE_TOOL_NAMES] as const;
export type AnyToolName = ToolName | VerifyToolName | TactileToolName;

const toolNameSet: ReadonlySet<string> = new Set(ALL_TOOL_NAMES);

/** Whether `s` names a registered tool (seed 000 or seed 004). */
export function isToolName(s: unknown): s is AnyToolName {
  return typeof s === 'string' && toolNameSet.has(s);
}

export function isSeed000Tool(s: unknown): s is ToolName {
  return typeof s === 'string' && (TOOL_NAMES as readonly string[]).includes(s);
}

export const toolSchemas = {
  action_sequence: ActionSequenceArgsSchema,
  drag: DragArgsSchema,
  click: ClickArgsSchema,
  click_sequence: ClickSequenceArgsSchema,
  long_press: LongPressArgsSchema,
  input_text: InputTextArgsSchema,
  swipe: SwipeArgsSchema,
  press_key: PressKeyArgsSchema,
  manage_app: ManageAppArgsSchema,
  wait_for_delay: WaitForDelayArgsSchema,
  wait_for_text: WaitForTextArgsSchema,
  open_link: OpenLinkArgsSchema,
  erase_one_char: EraseOneCharArgsSchema,
  focus_and_clear_text: FocusAndClearTextArgsSchema,
  pinch: PinchArgsSchema,
  touch_gesture: TouchGestureArgsSchema,
  read_control: ReadControlArgsSchema,
  control_action: ControlActionArgsSchema,
  wait_until: WaitUntilArgsSchema,
  scroll_to: ScrollToArgsSchema,
  observe_screen: ObserveScreenArgsSchema,
  take_screenshot: TakeScreenshotArgsSchema,
  get_ui_hierarchy: GetUiHierarchyArgsSchema,
} as const satisfies { [K in ToolName]: z.ZodType };

export const allToolSchemas = { ...toolSchemas, ...verifyToolSchemas, ...tactileToolSchemas } as const;

/** Arguments after parsing: every default filled. */
export type ToolArgs<K extends AnyToolName> = z.output<(typeof allToolSchemas)[K]>;

/** A parsed tool call; `tool` narrows `args`. */
export type ActionCall = { [K in AnyToolName]: { tool: K; args: ToolArgs<K> } }[AnyToolName];
