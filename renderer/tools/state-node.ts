// The canvas tools' state machine, in the style of tldraw's StateNode: a tool is a set of states (one class per
// file: idle → pointing → dragging …), exactly one of them current. Events go to the current state; a state
// moves on with `this.tool.transition(id, info)`, which runs the old state's onExit and the new one's onEnter.
// `cancel` (Esc) and `interrupt` (device switched, focus lost) first let the state react, then return the tool
// to its initial state, so a half-made gesture is never sent afterwards.
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

export abstract class StateNode<T extends Tool = Tool> {
  abstract readonly id: string;
  constructor(protected readonly tool: T) {}
  onEnter?(info: unknown): void;
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

type StateClass<T extends Tool> = new (tool: T) => StateNode<T>;

export abstract class Tool {
  abstract readonly id: string;
  abstract readonly label: string;
  /** The single-letter keyboard shortcut (upper case). */
  abstract readonly shortcut: string;
  private readonly states = new Map<string, StateNode>();
  private currentState: StateNode | null = null;
  private readonly listeners = new Set<() => void>();

  protected init<T extends Tool>(this: T, classes: ReadonlyArray<StateClass<T>>): void {
    for (const C of classes) {
      const s = new C(this) as unknown as StateNode;
      this.states.set(s.id, s);
      this.currentState ??= s;
    }
  }

  /** The initial state's id. */
  get initial(): string {
    return this.states.keys().next().value!;
  }

  get state(): string {
    return this.currentState?.id ?? this.initial;
  }

  transition(id: string, info?: unknown): void {
    const next = this.states.get(id);
    if (!next) throw new Error(`${this.id} has no state ${id}`);
    this.currentState?.onExit?.();
    this.currentState = next;
    next.onEnter?.(info);
    for (const l of this.listeners) l();
  }

  pointerDown(e: PointerInfo): void { this.currentState?.onPointerDown?.(e); }
  pointerMove(e: PointerInfo): void { this.currentState?.onPointerMove?.(e); }
  pointerRawMove(e: PointerInfo): void { this.currentState?.onPointerRawMove?.(e); }
  pointerUp(e: PointerInfo): void { this.currentState?.onPointerUp?.(e); }
  wheel(e: WheelInfo): void { this.currentState?.onWheel?.(e); }

  /** Esc: returns true when there was something to cancel (the tool was not idle). */
  cancel(): boolean {
    const busy = this.state !== this.initial;
    this.currentState?.onCancel?.();
    if (this.state !== this.initial) this.transition(this.initial);
    return busy;
  }

  interrupt(reason: InterruptReason): void {
    this.currentState?.onInterrupt?.(reason);
    // Re-entering the initial state clears what it holds (a pending wheel burst) as well.
    this.transition(this.initial);
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
