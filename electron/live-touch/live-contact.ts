// One live contact in main: the Control tool's fingers on the device while the operator holds the pointer.
// Events are applied one after another in arrival order (the transports keep the page's order; `seq` checks
// it). The first `down` resolves the device, takes its lock (refused: DEVICE_BUSY naming the holder, nothing
// sent), picks the live backend (DeviceSession.liveInput: the mirror's control socket, else the helper's touch
// stream; neither: `replay`, the page sends the gesture through the executor on release as before), checks
// every point is on the screen (never clamped: OFF_SCREEN, nothing sent), writes the intent ahead, and only
// then injects. Moves are injected as they come; the last `up` lifts every finger and answers with the one
// receipt (contact-receipt.ts). A contact that cannot go on (the page's cancel, silence past LIVE_SILENCE_MS,
// the console stopping, Stop, a broken link) is ended on the device with ACTION_CANCEL, never left down, and
// its receipt is `unknown` with the event count.
import type { ContactSample } from '../../shared/gesture/contact-call';
import {
  LIVE_SILENCE_MS,
  type LiveContactKind,
  type LiveTouchEvent,
  type LiveTouchReply,
} from '../../shared/ipc/live-touch-contract';
import type { ErrorCode } from '../../shared/errors';
import type { Owner, Receipt } from '../../shared/receipts';
import { DeviceLayerError } from '../adb/errors';
import type { DeviceLockHandle, DeviceLocks } from '../device/lock';
import type { DeviceLinks } from '../executor/device-link';
import { errorCodeOf } from '../executor/outcome';
import { acquireAfterReread } from '../executor/uncertain-reread';
import { recordActionStart } from '../executor/verify/last-action';
import type { LiveInput, LiveMotion, LivePointer } from '../input/live-input';
import type { BeforeInput } from '../receipts/write-ahead';
import { contactReceipt, downArgs, type ContactFacts } from './contact-receipt';

/** Input of unknown fate (a link that broke with fingers down) keeps the device occupied until re-read, at most this long. */
const UNCERTAIN_CAP_MS = 60_000;
/** Progress lines (how far a contact got, should this process die) at most this often. */
const PROGRESS_EVERY_MS = 500;

export interface ContactDeps {
  links: DeviceLinks;
  locks: DeviceLocks;
  owner: Owner;
  runId?: string;
  /** Names the device for the lock; default links.resolve (adb's resolution). */
  resolve?: (serial: string) => Promise<{ identity: string; serial: string }>;
  /**
   * Runs the contact's input under the write-ahead journal: `work` calls beforeInput (the intent) and resolves
   * with the receipt; the promise returned resolves with the receipt as journaled. `signal` aborts when the
   * process stops its runs.
   */
  track(work: (signal: AbortSignal, beforeInput: BeforeInput) => Promise<Receipt>): Promise<Receipt>;
  /** `events` more input events of the operation went out (a progress line for recovery). */
  progress(operationId: string, events: number): void;
  silenceMs?: number;
}

type Phase = 'new' | 'live' | 'replay' | 'ended';

const samePoint = (a: LivePointer | undefined, b: LivePointer) => a !== undefined && a.x === b.x && a.y === b.y;

export class LiveContact {
  private phase: Phase = 'new';
  private tail: Promise<unknown> = Promise.resolve();
  private nextSeq = 0;
  private kind: LiveContactKind = 'pointer';
  private device: { serial: string; identity?: string };
  private lock: DeviceLockHandle | null = null;
  private input: LiveInput | null = null;
  /** Finger ids in the order the down listed them (the call's finger order). */
  private fingers: number[] = [];
  /** Where each finger down is now, as injected. */
  private readonly at = new Map<number, LivePointer>();
  private downPoints: Array<[number, number]> = [];
  private readonly samples: ContactSample[] = [];
  private firstAt: number | null = null;
  private events = 0;
  /** Moves and ups queued behind the event being applied: a move with a newer position queued is not sent. */
  private newerQueued = 0;
  private unreported = 0;
  private lastProgress = 0;
  private deviceTimes: number[] | null = [];
  private started = new Date();
  private resolveDone: (r: Receipt) => void = () => undefined;
  private readonly done = new Promise<Receipt>((resolve) => (this.resolveDone = resolve));
  private journaled: Promise<Receipt> | null = null;
  /** An event of the page is being applied (its reply carries what it ends). */
  private applying = false;
  /** The receipt of a contact ended from outside the page's events, until the page's next event takes it. */
  private undelivered: Receipt | null = null;
  private silence: NodeJS.Timeout | null = null;
  /** Settles once the contact has answered its last event (the registry forgets it then). */
  readonly closed: Promise<void>;
  private close: () => void = () => undefined;

  constructor(
    readonly id: string,
    serial: string,
    private readonly deps: ContactDeps,
  ) {
    this.device = { serial };
    this.closed = new Promise((resolve) => (this.close = resolve));
  }

  /** Queues one event of this contact; the reply comes once it was applied. */
  handle(event: LiveTouchEvent): Promise<LiveTouchReply> {
    if (event.seq !== this.nextSeq) {
      return Promise.reject(
        new DeviceLayerError(
          'INVALID_ARGUMENT',
          `contact ${this.id}: event ${event.seq} arrived where ${this.nextSeq} was expected`,
        ),
      );
    }
    this.nextSeq++;
    if (this.phase === 'new' || this.phase === 'live') this.armSilence();
    const positioned = event.phase === 'move' || event.phase === 'up';
    if (positioned) this.newerQueued++;
    const run = this.tail.then(() => {
      if (positioned) this.newerQueued--;
      return this.apply(event);
    });
    this.tail = run.catch(() => undefined);
    return run;
  }

  private async apply(e: LiveTouchEvent): Promise<LiveTouchReply> {
    if (this.phase === 'ended') {
      // Ended from outside the page's events (Stop, silence): its receipt goes with the page's next event.
      const receipt = this.undelivered;
      this.undelivered = null;
      if (receipt) this.close();
      return this.reply(receipt);
    }
    if (this.phase === 'replay') return this.reply(null);
    this.applying = true;
    try {
      return await this.event(e);
    } finally {
      this.applying = false;
    }
  }

  private async event(e: LiveTouchEvent): Promise<LiveTouchReply> {
    switch (e.phase) {
      case 'down':
        return this.open(e.kind, e.pointers);
      case 'move':
        return this.move(this.ordered(e.pointers));
      case 'up':
        return this.lift(this.ordered(e.pointers), null);
      case 'cancel':
        return this.breakOff(`the console ended the contact (${e.reason})`, 'CANCELLED');
      case 'hold':
        return this.reply(null);
    }
  }

  private reply(receipt: Receipt | null): LiveTouchReply {
    return {
      contact: this.id,
      state: this.phase === 'new' ? 'ended' : this.phase,
      backend: this.input?.kind ?? null,
      events: this.events,
      receipt,
    };
  }

  /** The pointers in the contact's finger order; a set of fingers other than the down's is refused. */
  private ordered(pointers: readonly LivePointer[]): LivePointer[] {
    const byId = new Map(pointers.map((p) => [p.id, p]));
    if (byId.size !== this.fingers.length || !this.fingers.every((id) => byId.has(id))) {
      throw new DeviceLayerError(
        'INVALID_ARGUMENT',
        `contact ${this.id} has fingers ${this.fingers.join(', ')}; this event lists ${[...byId.keys()].join(', ')}`,
      );
    }
    return this.fingers.map((id) => byId.get(id)!);
  }

  // --- the first down ----------------------------------------------------------------------------------------

  private async open(kind: LiveContactKind, pointers: readonly LivePointer[]): Promise<LiveTouchReply> {
    if (this.phase !== 'new') throw new DeviceLayerError('INVALID_ARGUMENT', `contact ${this.id} is already down`);
    this.kind = kind;
    this.downPoints = pointers.map((p) => [p.x, p.y]);
    const { links, locks, owner } = this.deps;
    let resolved: { identity: string; serial: string };
    try {
      const resolve = this.deps.resolve ?? links.resolve;
      resolved = resolve
        ? await resolve(this.device.serial)
        : { serial: this.device.serial, identity: this.device.serial };
    } catch (e) {
      return this.refuse(errorCodeOf(e, 'DEVICE_LOST'), `cannot reach ${this.device.serial}: ${(e as Error).message}`);
    }
    this.device = resolved;
    const acquired = await acquireAfterReread(locks, links, resolved, owner.client, this.id);
    if (!acquired.ok) return this.refuse('DEVICE_BUSY', acquired.error.message);
    this.lock = acquired.lock;
    this.started = new Date();
    let input: LiveInput | null;
    try {
      input = (await (await links.open(resolved.serial)).liveInput?.()) ?? null;
    } catch (e) {
      return this.refuse(errorCodeOf(e, 'DEVICE_LOST'), `cannot reach ${resolved.serial}: ${(e as Error).message}`);
    }
    if (!input) {
      // Neither a mirror stream nor a helper here: the page replays the gesture through the executor on release.
      this.release();
      this.phase = 'replay';
      this.close();
      return this.reply(null);
    }
    this.input = input;
    const { width, height } = input.screen;
    const off = pointers.find((p) => p.x < 0 || p.y < 0 || p.x >= width || p.y >= height);
    if (off)
      return this.refuse('OFF_SCREEN', `(${off.x}, ${off.y}) is off the ${width}×${height} screen: nothing was sent`);
    if (!this.writeIntent()) return this.refuse('INTERNAL', 'the intent could not be journaled: nothing was sent');
    recordActionStart(resolved.serial, Date.now());
    this.fingers = pointers.map((p) => p.id);
    for (let i = 0; i < pointers.length; i++) {
      const ended = await this.inject({
        action: i === 0 ? 'down' : 'pointer_down',
        action_index: i,
        pointers: pointers.slice(0, i + 1),
      });
      if (ended) return ended;
    }
    this.phase = 'live';
    return this.reply(null);
  }

  /** Starts the write-ahead run: the intent is on disk (fsync'd) when this returns true. */
  private writeIntent(): boolean {
    let written = false;
    const intent = {
      operation_id: this.id,
      tool: 'touch_gesture',
      args: downArgs(this.kind, this.downPoints),
      owner: this.deps.owner,
      device_serial: this.device.serial,
      ...(this.device.identity !== undefined && { device_id: this.device.identity }),
      started_at: this.started.toISOString(),
      ...(this.deps.runId !== undefined && { run_id: this.deps.runId }),
    };
    const journaled = this.deps.track(async (signal, beforeInput) => {
      beforeInput(intent);
      written = true;
      signal.addEventListener('abort', () => void this.enqueueBreak('the console stopped'), { once: true });
      return this.done;
    });
    this.journaled = journaled;
    // A failed intent rejects it; the contact then refuses (nothing was sent) and journals that instead.
    journaled.catch(() => undefined);
    return written;
  }

  // --- moves and the lift ------------------------------------------------------------------------------------

  private async move(pointers: LivePointer[]): Promise<LiveTouchReply> {
    const off = this.offScreen(pointers);
    if (off)
      return this.lift(
        this.current(),
        `the pointer left the screen at (${off.x}, ${off.y}): the fingers lifted where they last were on it`,
      );
    if (pointers.every((p) => samePoint(this.at.get(p.id), p))) return this.reply(null);
    // A newer position is already queued (the device answers slower than the pointer moves, as the helper's
    // round trip per event can under load): go straight there instead of replaying every step late. The
    // fingers stay on the pointer's path and its pace; the receipt keeps the points actually injected.
    if (this.newerQueued > 0) return this.reply(null);
    return (await this.inject({ action: 'move', action_index: 0, pointers })) ?? this.reply(null);
  }

  /** Every finger up: moved to `pointers` first when they moved since, then lifted last to first. */
  private async lift(pointers: LivePointer[], note: string | null): Promise<LiveTouchReply> {
    const off = this.offScreen(pointers);
    if (off) note = `released off the screen at (${off.x}, ${off.y}): the fingers lifted where they last were on it`;
    else if (!pointers.every((p) => samePoint(this.at.get(p.id), p))) {
      const ended = await this.inject({ action: 'move', action_index: 0, pointers });
      if (ended) return ended;
    }
    for (let k = this.fingers.length - 1; k >= 0; k--) {
      const down = this.current().slice(0, k + 1);
      const ended = await this.inject({ action: k === 0 ? 'up' : 'pointer_up', action_index: k, pointers: down });
      if (ended) return ended;
    }
    // The journal's writes below are synchronous (fsync): let the up reach an in-process device (the console's
    // built-in virtual device) before they hold the event loop.
    await new Promise((resolve) => setImmediate(resolve));
    return this.finish({ status: 'completed', code: null, message: note });
  }

  private offScreen(pointers: readonly LivePointer[]): LivePointer | undefined {
    const { width, height } = this.input!.screen;
    return pointers.find((p) => p.x < 0 || p.y < 0 || p.x >= width || p.y >= height);
  }

  /** The fingers still down, in the contact's order, where they were last injected. */
  private current(): LivePointer[] {
    return this.fingers.filter((id) => this.at.has(id)).map((id) => this.at.get(id)!);
  }

  /**
   * One event through the lock (FIFO, refused once the operation is cancelled). Returns the ending reply when
   * the contact could not go on (Stop, a broken link), else null.
   */
  private async inject(event: LiveMotion): Promise<LiveTouchReply | null> {
    const input = this.input!;
    let sent;
    try {
      sent = await this.lock!.dispatch(() => input.send(event, this.id));
    } catch (e) {
      // The helper's input gate refused the down (another host's input runs on the device): nothing was
      // injected, so the contact never started and the device is not left uncertain.
      if (this.events === 0 && errorCodeOf(e, 'DEVICE_LOST') === 'DEVICE_BUSY') {
        return this.finish({
          status: 'not_started',
          code: 'DEVICE_BUSY',
          message: `nothing was sent: ${(e as Error).message}`,
        });
      }
      return this.lost(e);
    }
    if (!sent.ok)
      return this.breakOff(
        `stopped: ${sent.error.message}`,
        sent.error.code === 'CANCELLED' ? 'CANCELLED' : 'DEVICE_BUSY',
      );
    this.record(event, sent.value);
    return null;
  }

  private record(event: LiveMotion, sent: Awaited<ReturnType<LiveInput['send']>>): void {
    this.events++;
    this.unreported++;
    if (this.deviceTimes) {
      if (sent.device_ms === null) this.deviceTimes = null;
      else this.deviceTimes.push(sent.device_ms);
    }
    sent.pointers.forEach((p) => this.at.set(p.id, p));
    if (event.action === 'up' || event.action === 'pointer_up') this.at.delete(event.pointers[event.action_index]!.id);
    // The call's samples have every finger: a pinch's first finger alone (before its pointer_down) and the last
    // one alone (after its pointer_up) are part of the injection, not of the fingers' shared path.
    if (event.pointers.length === this.fingers.length) {
      this.firstAt ??= sent.at;
      const byId = new Map(sent.pointers.map((p) => [p.id, p]));
      this.samples.push({
        t_ms: sent.at - this.firstAt,
        points: this.fingers.map((id) => {
          const p = byId.get(id) ?? this.at.get(id)!;
          return [p.x, p.y] as const;
        }),
      });
    }
    const now = performance.now();
    if (now - this.lastProgress >= PROGRESS_EVERY_MS) {
      this.lastProgress = now;
      this.deps.progress(this.id, this.unreported);
      this.unreported = 0;
    }
  }

  // --- endings -----------------------------------------------------------------------------------------------

  /** A contact the page or the process ends: ACTION_CANCEL for the fingers still down (outside the lock's FIFO, which a cancel refuses). */
  private async breakOff(why: string, code: ErrorCode): Promise<LiveTouchReply> {
    if (this.phase === 'ended') return this.reply(null);
    const down = this.current();
    if (this.input && down.length > 0) {
      const cancel: LiveMotion = { action: 'cancel', action_index: 0, pointers: down };
      try {
        this.record(cancel, await this.input.send(cancel, this.id));
        this.at.clear();
      } catch (e) {
        return this.lost(e, why);
      }
    }
    // The fingers are up (ACTION_CANCEL went out): nothing is left in flight, but what the app made of the
    // interrupted gesture is not known, so the receipt says `unknown` and the call is never replayed.
    return this.finish({
      status: this.events > 0 ? 'unknown' : 'not_started',
      code,
      message: `${why}: ended with ACTION_CANCEL after ${this.events} input events (its effect is unknown; never replayed)`,
    });
  }

  /** The link failed with fingers possibly down: the device stays occupied until it is read again. */
  private async lost(e: unknown, why = 'the link to the device failed'): Promise<LiveTouchReply> {
    if (this.current().length > 0) {
      try {
        await this.input!.send({ action: 'cancel', action_index: 0, pointers: this.current() }, this.id);
      } catch {
        // The link is gone: the device (or its input service) ends the contact when it notices.
      }
    }
    this.lock?.markUncertain(Date.now() + UNCERTAIN_CAP_MS);
    return this.finish({
      status: this.events > 0 ? 'unknown' : 'not_started',
      code: errorCodeOf(e, 'DEVICE_LOST'),
      message: `${why} (${(e as Error).message}) after ${this.events} input events; their effect is unknown (never replayed)`,
    });
  }

  /** Refused before any input: nothing was sent; the receipt says why (DEVICE_BUSY names the holder). */
  private async refuse(code: ErrorCode, message: string): Promise<LiveTouchReply> {
    this.release();
    this.phase = 'ended';
    const receipt = contactReceipt(this.facts({ status: 'not_started', code, message }));
    this.journaled = this.deps.track(async () => receipt);
    const journaled = await this.journaled;
    this.close();
    return this.reply(journaled);
  }

  private async finish(end: ContactFacts['end']): Promise<LiveTouchReply> {
    this.phase = 'ended';
    if (this.silence) clearTimeout(this.silence);
    if (this.unreported > 0) this.deps.progress(this.id, this.unreported);
    this.release();
    this.resolveDone(contactReceipt(this.facts(end)));
    const journaled = await this.journaled!;
    if (this.applying) this.close();
    else {
      // Not an answer to a page event: kept for the page's next one, forgotten if none comes.
      this.undelivered = journaled;
      setTimeout(() => this.close(), this.deps.silenceMs ?? LIVE_SILENCE_MS).unref();
    }
    return this.reply(journaled);
  }

  private facts(end: ContactFacts['end']): ContactFacts {
    return {
      operationId: this.id,
      kind: this.kind,
      serial: this.device.serial,
      ...(this.device.identity !== undefined && { identity: this.device.identity }),
      owner: this.deps.owner,
      ...(this.deps.runId !== undefined && { runId: this.deps.runId }),
      started: this.started,
      finished: new Date(),
      screen: this.input?.screen ?? { width: 1, height: 1 },
      backend: this.input?.kind ?? 'none',
      samples: this.samples,
      events: this.events,
      deviceTimes: this.deviceTimes && this.deviceTimes.length === this.events ? this.deviceTimes : null,
      downPoints: this.downPoints,
      end,
    };
  }

  private release(): void {
    if (this.silence) clearTimeout(this.silence);
    this.lock?.release();
  }

  private armSilence(): void {
    if (this.silence) clearTimeout(this.silence);
    this.silence = setTimeout(
      () => void this.enqueueBreak(`the console went silent for ${this.deps.silenceMs ?? LIVE_SILENCE_MS} ms`),
      this.deps.silenceMs ?? LIVE_SILENCE_MS,
    );
    this.silence.unref();
  }

  /** Ends the contact from outside its event stream (Stop): queued after the events already received. */
  stop(why: string): void {
    void this.enqueueBreak(why);
  }

  /** A break that does not come from the page (silence, the process stopping) joins the queue like an event. */
  private enqueueBreak(why: string): Promise<unknown> {
    const run = this.tail.then(() => this.breakOff(why, 'CANCELLED'));
    this.tail = run.catch(() => undefined);
    return run;
  }
}
