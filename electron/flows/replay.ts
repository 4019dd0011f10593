// One replay: a flow's selected steps run on one or several devices at once. Each device walks the steps in
// order, each step one executor operation under that device's lock (the executor the console and CLI use), and
// stops at its first failure, recording which step, why and what the screen showed. A step whose outcome is
// unknown (the device vanished mid-gesture) ends that device's replay: nothing is ever resent. Pause takes effect
// before the next step; stop cancels the steps in flight (their receipts say what happened).
import { randomUUID } from 'node:crypto';
import {
  guardStep,
  geometryDifferences,
  stepCall,
  type Flow,
  type FlowStep,
  type LiveGeometry,
} from '../../shared/flows';
import type { ReplayCell, ReplayDevice, ReplayView, ScreenShown } from '../../shared/ipc/flows';
import type { Owner, Receipt } from '../../shared/receipts';
import { actualVsExpected, succeeded } from '../../shared/receipts';
import { coordinateUses } from '../../shared/flows';
import { isErrorCode, type TactileError } from '../../shared/errors';

/** The executor as a replay needs it: ExecutorPort (console) and createExecutor (CLI) both fit. */
export interface StepExecutor {
  /** runId: the run the operation belongs to (`flow-…`), runName the flow's name; executors without run ids ignore them. */
  run(
    envelope: unknown,
    options: {
      serial: string;
      owner: Owner;
      signal?: AbortSignal;
      operationId?: string;
      runId?: string;
      runName?: string;
    },
  ): Promise<Receipt>;
}

export interface ReplayDeps {
  executor: StepExecutor;
  owner: Owner;
  /** The device's screen size, density and rotation now; rejects when the device cannot be read. */
  geometry(serial: string): Promise<LiveGeometry>;
  /** What the screen shows now, for a failure report; null when it cannot be read. */
  screenShown(serial: string): Promise<ScreenShown | null>;
  /** Every receipt of the replay as the executor returned it (the console announces them). */
  onReceipt?(receipt: Receipt): void;
  /** The view changed (a cell, a device, the replay's state). */
  onChange?(view: ReplayView): void;
}

export interface ReplayOptions {
  flow: Flow;
  flowId: string | null;
  serials: string[];
  mode: 'all' | 'from' | 'single';
  step: number;
  pauseAfterEach: boolean;
  scaleCoordinates: boolean;
  /** The run every receipt of this replay belongs to; default `flow-<replay id>`. */
  runId?: string;
}

type Gate = 'go' | 'stop';

export class Replay {
  readonly id = randomUUID();
  readonly runId: string;
  private readonly steps: Array<{ index: number; step: FlowStep }>;
  private readonly devices: ReplayDevice[];
  private readonly cells: ReplayCell[];
  private state: ReplayView['state'] = 'running';
  private paused = false;
  private stopped = false;
  private readonly waiters: Array<() => void> = [];
  private readonly abort = new AbortController();
  private readonly startedAt = new Date().toISOString();
  private finishedAt: string | null = null;
  readonly done: Promise<ReplayView>;

  constructor(
    private readonly deps: ReplayDeps,
    private readonly options: ReplayOptions,
  ) {
    this.runId = options.runId ?? `flow-${this.id}`;
    this.steps = selectSteps(options.flow.steps, options.mode, options.step);
    this.devices = options.serials.map((serial) => ({
      serial,
      state: 'pending',
      geometry: null,
      geometry_changes: [],
      failure: null,
    }));
    this.cells = this.steps.flatMap(({ index }) =>
      options.serials.map((serial): ReplayCell => ({
        step: index,
        serial,
        state: 'pending',
        operation_id: null,
        receipt_status: null,
        expect_operation_id: null,
        scaled: false,
        code: null,
        path: null,
        message: null,
        expected: null,
        actual: null,
      })),
    );
    this.done = Promise.all(this.devices.map((d) => this.runDevice(d))).then(() => {
      this.state = 'finished';
      this.finishedAt = new Date().toISOString();
      return this.changed();
    });
  }

  view(): ReplayView {
    return {
      replay_id: this.id,
      run_id: this.runId,
      flow_id: this.options.flowId,
      flow_name: this.options.flow.name,
      state: this.state,
      mode: this.options.mode,
      pause_after_each: this.options.pauseAfterEach,
      scale_coordinates: this.options.scaleCoordinates,
      steps: this.steps.map(({ index, step }) => ({ index, tool: step.tool, label: step.label })),
      devices: this.devices.map((d) => ({ ...d, geometry_changes: [...d.geometry_changes] })),
      cells: this.cells.map((c) => ({ ...c })),
      started_at: this.startedAt,
      finished_at: this.finishedAt,
    };
  }

  pause(): ReplayView {
    if (this.state === 'running') {
      this.paused = true;
      this.state = 'paused';
    }
    return this.changed();
  }

  resume(): ReplayView {
    if (this.state === 'paused') {
      this.paused = false;
      this.state = 'running';
      this.release();
    }
    return this.changed();
  }

  stop(): ReplayView {
    if (this.state !== 'finished' && !this.stopped) {
      this.stopped = true;
      this.state = 'stopping';
      this.abort.abort();
      this.release();
    }
    return this.changed();
  }

  private release(): void {
    for (const wake of this.waiters.splice(0)) wake();
  }

  private changed(): ReplayView {
    const view = this.view();
    this.deps.onChange?.(view);
    return view;
  }

  /** Before each step: wait while paused; 'stop' once stopped. */
  private async gate(device: ReplayDevice): Promise<Gate> {
    while (this.paused && !this.stopped) {
      device.state = 'paused';
      this.changed();
      await new Promise<void>((resolve) => this.waiters.push(resolve));
    }
    device.state = this.stopped ? device.state : 'running';
    return this.stopped ? 'stop' : 'go';
  }

  private cell(step: number, serial: string): ReplayCell {
    return this.cells.find((c) => c.step === step && c.serial === serial)!;
  }

  private async runDevice(device: ReplayDevice): Promise<void> {
    const { flow } = this.options;
    let k = 0;
    try {
      for (; k < this.steps.length; k++) {
        if ((await this.gate(device)) === 'stop') {
          device.state = 'stopped';
          return;
        }
        const { index, step } = this.steps[k]!;
        const cell = this.cell(index, device.serial);
        cell.state = 'running';
        this.changed();
        const ok = await this.runStep(device, cell, index, step, flow);
        if (!ok) {
          k++;
          return;
        }
        if (this.options.pauseAfterEach && k < this.steps.length - 1 && !this.stopped) {
          this.paused = true;
          this.state = 'paused';
        }
      }
      device.state = 'succeeded';
    } finally {
      // Steps after the one that stopped this device were never sent.
      for (let j = k; j < this.steps.length; j++) {
        const c = this.cell(this.steps[j]!.index, device.serial);
        if (c.state === 'pending') c.state = 'skipped';
      }
      this.changed();
    }
  }

  /** One step on one device; false when the device's replay ends here. */
  private async runStep(
    device: ReplayDevice,
    cell: ReplayCell,
    index: number,
    step: FlowStep,
    flow: Flow,
  ): Promise<boolean> {
    const call = stepCall(step);
    // Geometry is read before every step with coordinates (the screen may change mid-flow) and once up front.
    if (device.geometry === null || coordinateUses(call).length > 0) {
      try {
        const live = await this.deps.geometry(device.serial);
        device.geometry = { screen: live.screen, density: live.density, rotation: live.rotation as 0 | 1 | 2 | 3 };
        device.geometry_changes = geometryDifferences(flow.recorded_on, live);
      } catch (error) {
        // Nothing was sent for this step: the device could not even be read (gone, unauthorized, …).
        const e = error as { code?: unknown; message?: string };
        const code = isErrorCode(e.code) ? e.code : 'DEVICE_LOST';
        return this.fail(
          device,
          cell,
          index,
          { code, path: '', message: `cannot read the screen of ${device.serial}: ${e.message ?? String(error)}` },
          'failed',
        );
      }
    }
    const guarded = guardStep(call, index, flow.recorded_on, device.geometry, this.options.scaleCoordinates);
    if (!guarded.ok) return this.fail(device, cell, index, guarded.error, 'refused');
    cell.scaled = guarded.scaled;
    const receipt = await this.execute(device.serial, guarded.call, (id) => (cell.operation_id = id));
    cell.receipt_status = receipt.status;
    if (!succeeded(receipt)) {
      this.expectation(cell, receipt);
      return this.fail(
        device,
        cell,
        index,
        {
          code: receipt.code ?? 'INTERNAL',
          path: receipt.path ?? '',
          message: receipt.message ?? `the step ended ${receipt.status}`,
        },
        'failed',
      );
    }
    if (step.expect) {
      const check = await this.execute(
        device.serial,
        { tool: 'wait_until', args: step.expect.wait_until },
        (id) => (cell.expect_operation_id = id),
      );
      if (!succeeded(check)) {
        const why = check.message ?? `the expectation ended ${check.status}`;
        this.expectation(cell, check);
        return this.fail(
          device,
          cell,
          index,
          {
            code: check.code ?? 'TIMEOUT',
            path: `/steps/${index}/expect/wait_until`,
            message: `expectation not met: ${why}`,
          },
          'failed',
        );
      }
    }
    cell.state = 'succeeded';
    return true;
  }

  private async execute(serial: string, envelope: unknown, linkOperation: (id: string) => void): Promise<Receipt> {
    const operationId = randomUUID();
    linkOperation(operationId);
    this.changed();
    // One replay is one run: every receipt carries its run id once the executor takes `runId` (the evidence
    // branch's RunOptions.runId / ExecutorPort runId); an executor without that option ignores it, and the replay
    // still links each receipt through its cell's operation_id.
    const receipt = await this.deps.executor.run(envelope, {
      serial,
      owner: this.deps.owner,
      signal: this.abort.signal,
      operationId,
      runId: this.runId,
      runName: this.options.flow.name.slice(0, 128),
    });
    this.deps.onReceipt?.(receipt);
    return receipt;
  }

  /** A failed check's expected and actual, from its receipt's own fields (none for a failure that was no check). */
  private expectation(cell: ReplayCell, receipt: Receipt): void {
    const ae = actualVsExpected(receipt);
    cell.expected = ae ? `${ae.subject}: ${ae.expected}` : null;
    cell.actual = ae?.actual ?? null;
  }

  private async fail(
    device: ReplayDevice,
    cell: ReplayCell,
    index: number,
    error: TactileError,
    state: 'failed' | 'refused',
  ): Promise<false> {
    cell.state = state;
    cell.code = error.code;
    cell.path = error.path;
    cell.message = error.message;
    if (this.stopped) {
      device.state = 'stopped';
      return false;
    }
    device.state = 'failed';
    const screen = await this.deps.screenShown(device.serial).catch(() => null);
    device.failure = {
      step: index,
      code: cell.code,
      path: error.path,
      message: error.message,
      expected: cell.expected,
      actual: cell.actual,
      screen,
    };
    return false;
  }
}

export function selectSteps(
  steps: readonly FlowStep[],
  mode: ReplayOptions['mode'],
  from: number,
): Array<{ index: number; step: FlowStep }> {
  const all = steps.map((step, index) => ({ index, step }));
  if (mode === 'all') return all;
  return mode === 'from' ? all.slice(from) : all.slice(from, from + 1);
}
