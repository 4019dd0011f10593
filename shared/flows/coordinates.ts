// Where a validated tool call carries screen coordinates, and in which space. The geometry guard refuses a
// recorded call that has any when the screen changed; group control refuses calls with pixel-space ones (only
// normalized coordinates scale to another screen); scaling carries pixel-space ones to the live screen through
// normalized coordinates (shared/geometry/rescale.ts). Selector bounds are raw Android pixels by definition.
// Resource-id targets (a click member's string target, selectors without bounds) are semantic: resolved live.
import type { ActionCall, ControlSelector, DragCalibration, Step, ValueFeedback } from '../actions';
import { jsonPointer } from '../errors';
import type { CoordinateSpace, ScreenSize } from '../geometry';
import { rescalePx, rescalePxExact, type Axis } from '../geometry';

export interface CoordinateUse {
  /** JSON Pointer into the `{tool, args}` call, e.g. "/args/steps/1/start". */
  path: string;
  space: CoordinateSpace;
}

type Seg = string | number;
/** Maps one pixel-space value (integer point axis, span, or exact calibration position). */
type PixelMap = (value: number, axis: Axis | 'short', exact: boolean) => number;

/** Walks every coordinate of a call: reports it, and rewrites pixel-space values with `map` when given. */
class Walker {
  readonly uses: CoordinateUse[] = [];
  constructor(private readonly map: PixelMap | null) {}

  private note(path: Seg[], space: CoordinateSpace): void {
    this.uses.push({ path: jsonPointer(path), space });
  }

  private px(v: number, axis: Axis | 'short', space: CoordinateSpace, exact = false): number {
    return space === 'pixel' && this.map ? this.map(v, axis, exact) : v;
  }

  point(p: readonly [number, number], space: CoordinateSpace, path: Seg[]): [number, number] {
    this.note(path, space);
    return [this.px(p[0], 'x', space), this.px(p[1], 'y', space)];
  }

  rect(
    r: readonly [number, number, number, number] | null,
    space: CoordinateSpace,
    path: Seg[],
  ): [number, number, number, number] | null {
    if (r === null) return null;
    this.note(path, space);
    return [this.px(r[0], 'x', space), this.px(r[1], 'y', space), this.px(r[2], 'x', space), this.px(r[3], 'y', space)];
  }

  span(v: number, space: CoordinateSpace, path: Seg[]): number {
    this.note(path, space);
    return this.px(v, 'short', space);
  }

  selector(s: ControlSelector, path: Seg[]): ControlSelector {
    return s.bounds === null ? s : { ...s, bounds: this.rect(s.bounds, 'pixel', [...path, 'bounds']) };
  }

  feedback(f: ValueFeedback | null, path: Seg[]): ValueFeedback | null {
    return f === null ? null : { ...f, selector: this.selector(f.selector, [...path, 'selector']) };
  }

  calibration(c: DragCalibration | null, space: CoordinateSpace, path: Seg[]): DragCalibration | null {
    if (c === null) return null;
    this.note(path, space);
    const axis = c.axis;
    return {
      ...c,
      anchors: c.anchors.map((a) => ({ ...a, position: this.px(a.position, axis, space, true) })),
      indicator_position: c.indicator_position === null ? null : this.px(c.indicator_position, axis, space, true),
    };
  }

  step(s: Step, path: Seg[]): Step {
    switch (s.action) {
      case 'click':
        return typeof s.target === 'string'
          ? s
          : { ...s, target: this.point(s.target, s.coordinate_space, [...path, 'target']) };
      case 'drag':
        return {
          ...s,
          start: this.point(s.start, s.coordinate_space, [...path, 'start']),
          end: s.end === null ? null : this.point(s.end, s.coordinate_space, [...path, 'end']),
          region: this.rect(s.region, s.coordinate_space, [...path, 'region']),
          calibration: this.calibration(s.calibration, s.coordinate_space, [...path, 'calibration']),
        };
      case 'pinch':
        return {
          ...s,
          center: this.point(s.center, s.coordinate_space, [...path, 'center']),
          start_span: this.span(s.start_span, s.coordinate_space, [...path, 'start_span']),
          end_span: this.span(s.end_span, s.coordinate_space, [...path, 'end_span']),
          region: this.rect(s.region, s.coordinate_space, [...path, 'region']),
        };
      case 'touch_gesture':
        return {
          ...s,
          frames: s.frames.map((f, i) => ({
            ...f,
            points: f.points.map((p, j) => this.point(p, s.coordinate_space, [...path, 'frames', i, 'points', j])),
          })),
          region: this.rect(s.region, s.coordinate_space, [...path, 'region']),
        };
      case 'control_action':
        return {
          ...s,
          request: { ...s.request, selector: this.selector(s.request.selector, [...path, 'request', 'selector']) },
        };
      case 'wait_until':
        return { ...s, selector: this.selector(s.selector, [...path, 'selector']) };
      case 'wait':
      case 'ensure_visible':
        return s;
    }
  }

  call(c: ActionCall): ActionCall {
    const A = ['args'];
    const n: CoordinateSpace = 'normalized';
    switch (c.tool) {
      case 'action_sequence':
        return {
          ...c,
          args: {
            ...c.args,
            steps: c.args.steps.map((s, i) => this.step(s, [...A, 'steps', i])),
            feedback: this.feedback(c.args.feedback, [...A, 'feedback']),
          },
        };
      case 'drag': {
        const a = c.args;
        return {
          ...c,
          args: {
            ...a,
            start: this.point(a.start, a.coordinate_space, [...A, 'start']),
            end: a.end === null ? null : this.point(a.end, a.coordinate_space, [...A, 'end']),
            region: this.rect(a.region, a.coordinate_space, [...A, 'region']),
            calibration: this.calibration(a.calibration, a.coordinate_space, [...A, 'calibration']),
            feedback: this.feedback(a.feedback, [...A, 'feedback']),
          },
        };
      }
      case 'pinch': {
        const a = c.args;
        return {
          ...c,
          args: {
            ...a,
            center: this.point(a.center, a.coordinate_space, [...A, 'center']),
            start_span: this.span(a.start_span, a.coordinate_space, [...A, 'start_span']),
            end_span: this.span(a.end_span, a.coordinate_space, [...A, 'end_span']),
            region: this.rect(a.region, a.coordinate_space, [...A, 'region']),
          },
        };
      }
      case 'touch_gesture': {
        const a = c.args;
        return {
          ...c,
          args: {
            ...a,
            frames: a.frames.map((f, i) => ({
              ...f,
              points: f.points.map((p, j) => this.point(p, a.coordinate_space, [...A, 'frames', i, 'points', j])),
            })),
            region: this.rect(a.region, a.coordinate_space, [...A, 'region']),
          },
        };
      }
      // The seed gives these tools normalized points only.
      case 'click':
      case 'long_press':
      case 'focus_and_clear_text':
        return { ...c, args: { ...c.args, target: this.point(c.args.target, n, [...A, 'target']) } } as ActionCall;
      case 'input_text':
        return c.args.target === null
          ? c
          : { ...c, args: { ...c.args, target: this.point(c.args.target, n, [...A, 'target']) } };
      case 'click_sequence':
        return {
          ...c,
          args: { ...c.args, sequence: c.args.sequence.map((p, i) => this.point(p, n, [...A, 'sequence', i])) },
        };
      case 'swipe':
        return {
          ...c,
          args: {
            ...c.args,
            start: this.point(c.args.start, n, [...A, 'start']),
            end: this.point(c.args.end, n, [...A, 'end']),
          },
        };
      case 'read_control':
      case 'wait_until':
        return {
          ...c,
          args: { ...c.args, selector: this.selector(c.args.selector, [...A, 'selector']) },
        } as ActionCall;
      case 'control_action':
        return { ...c, args: { ...c.args, selector: this.selector(c.args.selector, [...A, 'selector']) } };
      case 'scroll_to':
        return {
          ...c,
          args: {
            ...c.args,
            container: this.selector(c.args.container, [...A, 'container']),
            target: this.selector(c.args.target, [...A, 'target']),
          },
        };
      case 'press_key':
      case 'manage_app':
      case 'wait_for_delay':
      case 'wait_for_text':
      case 'open_link':
      case 'erase_one_char':
      case 'observe_screen':
      case 'take_screenshot':
      case 'get_ui_hierarchy':
        return c;
      // Seed 004's tap is device pixels; its other tools carry selectors, element handles (which go STALE when
      // the element moved) or package names, never coordinates.
      case 'tap': {
        const [x, y] = this.point([c.args.x, c.args.y], 'pixel', [...A]);
        return { ...c, args: { ...c.args, x, y } };
      }
      default:
        return c;
    }
  }
}

/** Every coordinate the call carries (empty: a semantic or coordinate-free call). */
export function coordinateUses(call: ActionCall): CoordinateUse[] {
  const w = new Walker(null);
  w.call(call);
  return w.uses;
}

/** The call with every pixel-space coordinate carried from `from` to `to` through normalized coordinates. */
export function rescaleCall(call: ActionCall, from: ScreenSize, to: ScreenSize): ActionCall {
  return new Walker((v, axis, exact) =>
    exact && axis !== 'short' ? rescalePxExact(v, axis, from, to) : rescalePx(v, axis, from, to),
  ).call(call);
}
