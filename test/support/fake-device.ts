// A fake device for executor unit tests: a helper channel answered by the shared reference evaluator over an
// editable DeviceState, an input backend that records every contact, and a scriptable shell.
import {
  applyRequest,
  capabilitiesForSdk,
  type DeviceState,
  type HelperNode,
  type HelperOp,
} from '../../shared/helper-protocol';
import type { PointerStroke } from '../../shared/gesture';
import { HelperLinkError, type HelperChannel, type HelperReply } from '../../electron/helper/helper-channel';
import type { DispatchOutcome, InputBackend, InputCapability } from '../../electron/input/input-backend';
import type { DeviceLink } from '../../electron/executor/device-link';

const flags = (over: Partial<HelperNode['flags']> = {}): HelperNode['flags'] => ({
  checkable: false,
  checked: false,
  clickable: false,
  long_clickable: false,
  focusable: false,
  focused: false,
  selected: false,
  enabled: true,
  editable: false,
  scrollable: false,
  password: false,
  visible: true,
  ...over,
});

export const APP = 'com.example.app';
export const rid = (name: string) => `${APP}:id/${name}`;

function node(over: Partial<HelperNode>): HelperNode {
  return {
    window_id: 1,
    parent: 0,
    children: [],
    class_name: 'android.view.View',
    resource_id: null,
    text: null,
    content_desc: null,
    package_name: APP,
    bounds_px: [0, 0, 10, 10],
    flags: flags(),
    range: null,
    actions: [],
    selection: null,
    ...over,
  };
}

/** root, an OK button, a seekbar 0..100 at 50, a clock readout, a checkbox. */
export function fakeState(sdk = 34): DeviceState {
  return {
    sdk,
    display: { width: 1080, height: 2400 },
    uptime_ms: 1000,
    windows_complete: true,
    cancelled_operation_ids: [],
    windows: [
      {
        id: 1,
        display_id: 0,
        layer: 0,
        type: 'application',
        package_name: APP,
        bounds: [0, 0, 1080, 2400],
        touchable_region: [[0, 0, 1080, 2400]],
        focused: true,
        active: true,
      },
    ],
    nodes: [
      node({
        parent: null,
        children: [1, 2, 3, 4],
        class_name: 'android.widget.FrameLayout',
        bounds_px: [0, 0, 1080, 2400],
      }),
      node({
        class_name: 'android.widget.Button',
        resource_id: rid('ok'),
        text: 'OK',
        bounds_px: [100, 100, 300, 200],
        flags: flags({ clickable: true }),
        actions: ['click'],
      }),
      node({
        class_name: 'android.widget.SeekBar',
        resource_id: rid('seek'),
        bounds_px: [40, 1000, 1040, 1080],
        range: { type: 'int', min: 0, max: 100, current: 50 },
        actions: ['set_progress'],
      }),
      node({
        class_name: 'android.widget.TextView',
        resource_id: rid('clock'),
        text: '00:01:00',
        bounds_px: [40, 900, 400, 960],
      }),
      node({
        class_name: 'android.widget.CheckBox',
        resource_id: rid('box'),
        text: 'Box',
        bounds_px: [40, 1200, 400, 1300],
        flags: flags({ checkable: true, clickable: true }),
        actions: ['click'],
      }),
    ],
  };
}

export type Fault =
  | { kind: 'lost' }
  | { kind: 'error'; code: string; message?: string; path?: string; details?: Record<string, unknown> };

export class FakeChannel implements HelperChannel {
  state: DeviceState;
  readonly requests: Array<{ op: HelperOp; params: Record<string, unknown> }> = [];
  /** Faults for the next requests of an op, consumed in order. */
  readonly faults = new Map<HelperOp, Fault[]>();
  alive = true;
  /** Called after a successful control_action (e.g. to model the app reacting). */
  afterWrite: ((state: DeviceState) => DeviceState) | null = null;

  constructor(state = fakeState()) {
    this.state = state;
  }

  get info() {
    return { helper_version: 'fake', sdk: this.state.sdk, capabilities: capabilitiesForSdk(this.state.sdk) };
  }

  async request<Op extends HelperOp>(
    op: Op,
    params: Record<string, unknown>,
    operationId: string,
  ): Promise<HelperReply<Op>> {
    this.requests.push({ op, params });
    const fault = this.faults.get(op)?.shift();
    if (fault?.kind === 'lost') throw new HelperLinkError('fake link lost');
    if (fault?.kind === 'error') {
      const { code, message = 'fake error', path, details } = fault;
      return {
        ok: false,
        error: {
          code: code as never,
          message,
          ...(path !== undefined && { path }),
          ...(details !== undefined && { details }),
        },
      };
    }
    const out = applyRequest(this.state, {
      ...params,
      id: String(this.requests.length),
      operation_id: operationId,
      op,
    });
    this.state = out.state;
    if (out.response.ok && op === 'control_action' && this.afterWrite) this.state = this.afterWrite(this.state);
    return out.response.ok
      ? ({ ok: true, result: out.response.result } as HelperReply<Op>)
      : { ok: false, error: out.response.error };
  }

  onClose(): void {}
  close(): void {
    this.alive = false;
  }
}

export class FakeInput implements InputBackend {
  readonly kind = 'helper' as const;
  readonly contacts: PointerStroke[][] = [];
  /** Outcomes for the next dispatches, consumed in order; default completed. */
  readonly script: DispatchOutcome[] = [];

  constructor(readonly capabilities: readonly InputCapability[] = ['inject.single_pointer', 'inject.multi_pointer']) {}

  async dispatch(strokes: readonly PointerStroke[]): Promise<DispatchOutcome> {
    const next = this.script.shift();
    if (next && !next.ok && !next.uncertain) return next;
    this.contacts.push([...strokes]);
    return (
      next ?? {
        ok: true,
        figures: { backend: 'helper', events: strokes.length * 2, down_time_ms: 0, event_times_ms: null },
      }
    );
  }
}

export function fakeLink(
  channel: FakeChannel | null,
  input: InputBackend,
  shell: (c: string) => Promise<string> = async () => '',
): DeviceLink & { shellLog: string[] } {
  const shellLog: string[] = [];
  return {
    serial: 'fake-1',
    shellLog,
    screen: async () => ({ width: 1080, height: 2400 }),
    native: async () => channel,
    input: async () => input,
    shell: async (c) => {
      shellLog.push(c);
      return shell(c);
    },
    observe: async () => ({ screen: { width: 1080, height: 2400 }, nodes: [] }),
    screenshot: async () => ({ png: Buffer.alloc(0), width: 1080, height: 2400 }),
    helperState: async () => ({ problem: channel ? null : 'no helper', install: null }),
  };
}
