// One handler per tool (tools/*.ts; swipe, long_press, pinch and touch_gesture share gesture.ts: one planned
// contact, sent once); the pipeline picks it by name. Seed 004's tools are in verify/run-verify.ts; Tactile's own
// (tactile.*: buttons, keys with modifiers, paste, install, uninstall) in tools/tactile-*.ts, tools/install-app.ts
// and tools/uninstall-app.ts.
import type { ActionCall } from '../../shared/actions';
import type { DispatchPlan } from '../../shared/gesture';
import type { ExecContext } from './context';
import type { Outcome } from './outcome';
import { actionSequence } from './tools/action-sequence';
import { click } from './tools/click';
import { clickSequence } from './tools/click-sequence';
import { controlAction } from './tools/control-action';
import { drag } from './tools/drag';
import { eraseOneChar } from './tools/erase-one-char';
import { focusAndClearText } from './tools/focus-and-clear-text';
import { runGesture } from './tools/gesture';
import { inputText } from './tools/input-text';
import { installApp } from './tools/install-app';
import { manageApp } from './tools/manage-app';
import { getUiHierarchy } from './tools/get-ui-hierarchy';
import { observeScreen } from './tools/observe-screen';
import { takeScreenshot } from './tools/take-screenshot';
import { openLink } from './tools/open-link';
import { pressKey } from './tools/press-key';
import { readControl } from './tools/read-control';
import { scrollTo } from './tools/scroll-to';
import { tactileButton } from './tools/tactile-button';
import { tactileKey } from './tools/tactile-key';
import { tactilePaste } from './tools/tactile-paste';
import { uninstallApp } from './tools/uninstall-app';
import { waitForDelay } from './tools/wait-for-delay';
import { waitForText } from './tools/wait-for-text';
import { waitUntil } from './tools/wait-until';
import { runVerifyTool } from './verify/run-verify';

export function runTool(ctx: ExecContext, call: ActionCall, plan: DispatchPlan): Promise<Outcome> {
  switch (call.tool) {
    case 'action_sequence':
      return actionSequence(ctx, call.args, plan);
    case 'drag':
      return drag(ctx, call.args, plan);
    case 'click':
      return click(ctx, call.args, plan);
    case 'click_sequence':
      return clickSequence(ctx, call.args, plan);
    case 'long_press':
    case 'swipe':
      return runGesture(ctx, plan);
    case 'pinch':
    case 'touch_gesture':
      return runGesture(ctx, plan, call.args.require_visible);
    case 'input_text':
      return inputText(ctx, call.args, plan);
    case 'press_key':
      return pressKey(ctx, call.args);
    case 'manage_app':
      return manageApp(ctx, call.args);
    case 'wait_for_delay':
      return waitForDelay(ctx, call.args);
    case 'wait_for_text':
      return waitForText(ctx, call.args);
    case 'open_link':
      return openLink(ctx, call.args);
    case 'erase_one_char':
      return eraseOneChar(ctx);
    case 'focus_and_clear_text':
      return focusAndClearText(ctx, plan);
    case 'read_control':
      return readControl(ctx, call.args);
    case 'control_action':
      return controlAction(ctx, call.args);
    case 'wait_until':
      return waitUntil(ctx, call.args);
    case 'scroll_to':
      return scrollTo(ctx, call.args);
    case 'observe_screen':
      return observeScreen(ctx, call.args);
    case 'take_screenshot':
      return takeScreenshot(ctx, call.args);
    case 'get_ui_hierarchy':
      return getUiHierarchy(ctx, call.args);
    case 'tactile.button':
      return tactileButton(ctx, call.args);
    case 'tactile.key':
      return tactileKey(ctx, call.args);
    case 'tactile.paste':
      return tactilePaste(ctx, call.args);
    case 'tactile.install_app':
      return installApp(ctx, call.args);
    case 'tactile.uninstall_app':
      return uninstallApp(ctx, call.args);
    default:
      return runVerifyTool(ctx, call, plan);
  }
}
