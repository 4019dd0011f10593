// The canvas tools' state machine, in the style of tldraw's StateNode: a tool is a set of states (one class per
// file: idle → pointing → dragging …), exactly one of them current. Events go to the current state; a state
// moves on with `this.tool.transition(id, info)`, which runs the old state's onExit and the new one's onEnter.
// `cancel` (Esc) and `interrupt` (device switched, focus lost) first let the state react, then return the tool
// to its initial state, so a half-made gesture is never sent afterwards.
// Transitions are typed per state: a tool declares its states as a map `id → what onEnter receives` (void when
// nothing), so `transition('dragging', info)` is checked against that state's own onEnter, and `init` takes one
// class per id of the map (a missing state, or a class entering with the wrong info, does not compile).
import type { DevicePoint, StagePoint } from '../../shared/geometry';

export interface PointerInfo {
  stage: StagePoint;
  /** The device pixel under the pointer (outside 0..size−1 when beside the picture: never clamped). */
  device: DevicePoint;
  onScreen: boolean;
  /** 0 primary, 2 secondary (right). */
  button: number;
  timeMs: number;
  /** Modifier keys held (Alt snaps in the gesture editor; Ctrl/Shift+Ctrl pinch in Control). */
  alt?: boolean;
  ctrl?: boolean;
  shift?: boolean;
  /** Stage pixels per device pixel at this camera (hit radii are stage pixels). */
  stageScale?: number;
}

export interface WheelInfo extends PointerInfo {
  deltaY: number;
  /** Horizontal wheel (a trackpad's two-finger scroll sideways), page pixels. */
  deltaX?: number;
}

export type InterruptReason = 'device-switched' | 'focus-lost' | 'hidden' | 'tool-switched' | 'frozen' | 'pinch';

/** A tool's states: each id with what its onEnter receives. Every tool starts (and cancels back) in `idle`. */
export interface StateMap {
  idle: void;
}

/** The arguments `transition(id, …)` takes for one state: none when it enters with nothing. */
export type EnterArgs<I> = [I] extends [void] ? [] : [info: I];

/** Any tool, whatever its states (what the console holds in its registry and calls events on). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a tool of any state map: its transitions are typed where they are called, on its own class
export type AnyTool = Tool<any>;

export abstract class StateNode<T extends AnyTool, I = void> {
  abstract readonly id: string;
  constructor(protected readonly tool: T) {}
  onEnter?(info: I): void;
  onExit?(): void;
  onPointerDown?(e: PointerInfo): void;
  onPointerMove?(e: PointerInfo): void;
  /**
   * A pointer move as the input arrived (Chromium's pointerrawupdate, not aligned to animation frames, while a
   * button is held), before its pointermove: a live finger follows these, the drawing the frame-aligned moves.
   */
  onPointerRawMove?(e: PointerInfo): void;
  onPointerUp?(e: PointerInfo): void;
  onWheel?(e: WheelInfo): void;
  onCancel?(): void;
  onInterrupt?(reason: InterruptReason): void;
}

/** One class per state id, entering with that id's info. */
export type StateClasses<T extends AnyTool, S extends StateMap> = {
  [K in keyof S & string]: new (tool: T) => StateNode<T, S[K]> & { readonly id: K };
};

export abstract class Tool<S extends StateMap> {
  abstract readonly id: string;
  abstract readonly label: string;
  /** The single-letter keyboard shortcut (upper case). */
  abstract readonly shortcut: string;
  abstract readonly hint: string;
  private readonly states = new Map<string, StateNode<AnyTool, unknown>>();
  private currentState: StateNode<AnyTool, unknown> | null = null;
  private readonly listeners = new Set<() => void>();

  /** Builds the states; the machine starts in `idle`. */
  protected init<T extends Tool<S>>(this: T, classes: StateClasses<T, S>): void {
    for (const C of Object.values(classes) as Array<new (tool: T) => StateNode<T, unknown>>) {
      const s = new C(this) as unknown as StateNode<AnyTool, unknown>;
      this.states.set(s.id, s);
    }
    this.currentState = this.states.get('idle')!;
  }

  get state(): keyof S & string {
    return (this.currentState?.id ?? 'idle') as keyof S & string;
  }

  transition<K extends keyof S & string>(id: K, ...info: EnterArgs<S[K]>): void {
    this.enter(id, info[0]);
  }

  pointerDown(e: PointerInfo): void {
    this.currentState?.onPointerDown?.(e);
  }
  pointerMove(e: PointerInfo): void {
    this.currentState?.onPointerMove?.(e);
  }
  pointerRawMove(e: PointerInfo): void {
    this.currentState?.onPointerRawMove?.(e);
  }
  pointerUp(e: PointerInfo): void {
    this.currentState?.onPointerUp?.(e);
  }
  wheel(e: WheelInfo): void {
    this.currentState?.onWheel?.(e);
  }

  /** Esc: returns true when there was something to cancel (the tool was not idle). */
  cancel(): boolean {
    const busy = this.state !== 'idle';
    this.currentState?.onCancel?.();
    if (this.state !== 'idle') this.toIdle();
    return busy;
  }

  interrupt(reason: InterruptReason): void {
    this.currentState?.onInterrupt?.(reason);
    // Re-entering idle clears what it holds (a pending wheel burst) as well.
    this.toIdle();
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private toIdle(): void {
    this.enter('idle', undefined);
  }

  private enter(id: string, info: unknown): void {
    const next = this.states.get(id);
    if (!next) throw new Error(`${this.id} has no state ${id}`);
    this.currentState?.onExit?.();
    this.currentState = next;
    next.onEnter?.(info);
    for (const l of this.listeners) l();
  }
}
