// The tools of seed 004 (verification-first), in the seed's order, beside seed 000's 23. Two seed-004 names
// are seed-000 tools already (get_ui_hierarchy, swipe): they keep seed 000's schema and gain seed 004's result
// fields (snapshot_revision and delta; the action envelope). build_app (a project build) is not offered.
import type { z } from 'zod';
import {
  InstallAppArgsSchema,
  ResetAppDataArgsSchema,
  RestartAppArgsSchema,
  StartAppArgsSchema,
  TerminateAppArgsSchema,
} from './apps';
import {
  AdjustControlArgsSchema,
  PressBackArgsSchema,
  ScrollToElementArgsSchema,
  TapArgsSchema,
  TapElementArgsSchema,
  TypeTextArgsSchema,
} from './act';
import { ClassifyActionOutcomeArgsSchema } from './classify';
import { ExpectElementVisibleArgsSchema, ExpectScreenArgsSchema, ExpectStateArgsSchema } from './expect';
import {
  GetLogsArgsSchema,
  GetNetworkActivityArgsSchema,
  ReadLogStreamArgsSchema,
  StartLogStreamArgsSchema,
  StopLogStreamArgsSchema,
} from './logs';
import {
  CaptureDebugSnapshotArgsSchema,
  CaptureScreenshotArgsSchema,
  GetCurrentActivityArgsSchema,
  GetScreenFingerprintArgsSchema,
  HealthcheckArgsSchema,
  ListDevicesArgsSchema,
} from './observe';
import {
  FindElementArgsSchema,
  WaitForScreenChangeArgsSchema,
  WaitForUiArgsSchema,
  WaitForUiChangeArgsSchema,
} from './wait';

export const VERIFY_TOOL_NAMES = [
  'start_app',
  'terminate_app',
  'restart_app',
  'reset_app_data',
  'install_app',
  'get_logs',
  'list_devices',
  'healthcheck',
  'capture_screenshot',
  'capture_debug_snapshot',
  'start_log_stream',
  'read_log_stream',
  'stop_log_stream',
  'get_current_activity',
  'get_screen_fingerprint',
  'wait_for_screen_change',
  'wait_for_ui_change',
  'expect_screen',
  'expect_element_visible',
  'expect_state',
  'adjust_control',
  'wait_for_ui',
  'find_element',
  'tap',
  'tap_element',
  'scroll_to_element',
  'type_text',
  'press_back',
  'classify_action_outcome',
  'get_network_activity',
] as const;

export type VerifyToolName = (typeof VERIFY_TOOL_NAMES)[number];

export const verifyToolSchemas = {
  start_app: StartAppArgsSchema,
  terminate_app: TerminateAppArgsSchema,
  restart_app: RestartAppArgsSchema,
  reset_app_data: ResetAppDataArgsSchema,
  install_app: InstallAppArgsSchema,
  get_logs: GetLogsArgsSchema,
  list_devices: ListDevicesArgsSchema,
  healthcheck: HealthcheckArgsSchema,
  capture_screenshot: CaptureScreenshotArgsSchema,
  capture_debug_snapshot: CaptureDebugSnapshotArgsSchema,
  start_log_stream: StartLogStreamArgsSchema,
  read_log_stream: ReadLogStreamArgsSchema,
  stop_log_stream: StopLogStreamArgsSchema,
  get_current_activity: GetCurrentActivityArgsSchema,
  get_screen_fingerprint: GetScreenFingerprintArgsSchema,
  wait_for_screen_change: WaitForScreenChangeArgsSchema,
  wait_for_ui_change: WaitForUiChangeArgsSchema,
  expect_screen: ExpectScreenArgsSchema,
  expect_element_visible: ExpectElementVisibleArgsSchema,
  expect_state: ExpectStateArgsSchema,
  adjust_control: AdjustControlArgsSchema,
  wait_for_ui: WaitForUiArgsSchema,
  find_element: FindElementArgsSchema,
  tap: TapArgsSchema,
  tap_element: TapElementArgsSchema,
  scroll_to_element: ScrollToElementArgsSchema,
  type_text: TypeTextArgsSchema,
  press_back: PressBackArgsSchema,
  classify_action_outcome: ClassifyActionOutcomeArgsSchema,
  get_network_activity: GetNetworkActivityArgsSchema,
} as const satisfies { [K in VerifyToolName]: z.ZodType };

/**
 * Seed-004 tools that send input to the device (an action envelope on their result). The others only read,
 * wait or compute.
 */
export const VERIFY_ACTION_TOOLS: ReadonlySet<VerifyToolName> = new Set([
  'start_app',
  'terminate_app',
  'restart_app',
  'reset_app_data',
  'install_app',
  'adjust_control',
  'tap',
  'tap_element',
  'scroll_to_element',
  'type_text',
  'press_back',
]);
