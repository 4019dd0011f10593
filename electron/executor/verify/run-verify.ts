// The seed-004 tools' handlers, picked by name like handlers.ts picks seed 000's. Read-only tools take no
// input path at all; action tools send input only through dispatch.ts / shell-dispatch.ts (the held lock).
import type { ActionCall, VerifyToolName } from '../../../shared/actions';
import type { DispatchPlan } from '../../../shared/gesture';
import type { ExecContext } from '../context';
import { refused, type Outcome } from '../outcome';
import { pressBack, scrollToElement, tap, tapElement, typeText } from './act-tools';
import { adjustControl } from './adjust-control';
import { resetAppData, restartApp, startApp, terminateApp } from './app-tools';
import { classifyOutcome } from './classify-tool';
import { healthcheck, installApp, listDevices } from './device-tools';
import { expectElementVisible, expectScreen, expectState } from './expect-tools';
import { getLogs, getNetworkActivity, readLogStream, startLogStream, stopLogStream } from './log-tools';
import { captureDebugSnapshot, captureScreenshot, getCurrentActivity, getScreenFingerprint } from './observe-tools';
import { findElement, waitForScreenChange, waitForUi, waitForUiChange } from './wait-tools';

export type VerifyCall = Extract<ActionCall, { tool: VerifyToolName }>;

export function runVerifyTool(ctx: ExecContext, call: VerifyCall, plan: DispatchPlan): Promise<Outcome> {
  const named = (call.args as { deviceId?: string }).deviceId;
  if (named !== undefined && named !== ctx.serial) {
    return Promise.resolve(
      refused(
        'INVALID_ARGUMENT',
        `deviceId ${JSON.stringify(named)} is not the device this call runs on (${ctx.serial})`,
        '/args/deviceId',
      ),
    );
  }
  switch (call.tool) {
    case 'start_app':
      return startApp(ctx, call.args);
    case 'terminate_app':
      return terminateApp(ctx, call.args);
    case 'restart_app':
      return restartApp(ctx, call.args);
    case 'reset_app_data':
      return resetAppData(ctx, call.args);
    case 'install_app':
      return installApp(ctx, call.args);
    case 'get_logs':
      return getLogs(ctx, call.args);
    case 'list_devices':
      return listDevices(ctx);
    case 'healthcheck':
      return healthcheck(ctx);
    case 'capture_screenshot':
      return captureScreenshot(ctx);
    case 'capture_debug_snapshot':
      return captureDebugSnapshot(ctx, call.args);
    case 'start_log_stream':
      return startLogStream(ctx, call.args);
    case 'read_log_stream':
      return readLogStream(ctx, call.args);
    case 'stop_log_stream':
      return stopLogStream(ctx, call.args);
    case 'get_current_activity':
      return getCurrentActivity(ctx);
    case 'get_screen_fingerprint':
      return getScreenFingerprint(ctx);
    case 'wait_for_screen_change':
      return waitForScreenChange(ctx, call.args);
    case 'wait_for_ui_change':
      return waitForUiChange(ctx, call.args);
    case 'expect_screen':
      return expectScreen(ctx, call.args);
    case 'expect_element_visible':
      return expectElementVisible(ctx, call.args);
    case 'expect_state':
      return expectState(ctx, call.args);
    case 'adjust_control':
      return adjustControl(ctx, call.args);
    case 'wait_for_ui':
      return waitForUi(ctx, call.args);
    case 'find_element':
      return findElement(ctx, call.args);
    case 'tap':
      return tap(ctx, call.args, plan);
    case 'tap_element':
      return tapElement(ctx, call.args);
    case 'scroll_to_element':
      return scrollToElement(ctx, call.args);
    case 'type_text':
      return typeText(ctx, call.args);
    case 'press_back':
      return pressBack(ctx);
    case 'classify_action_outcome':
      return Promise.resolve(classifyOutcome(call.args));
    case 'get_network_activity':
      return getNetworkActivity(ctx, call.args);
  }
}
