// The device as a protocol-4 helper sees it: windows in layer order and a flat node list. This is both the
// observe result and the input of the reference evaluator (conformance vectors, the virtual device).
import { z } from 'zod';
import { NATIVE_ACTIONS } from './capabilities';

const int = z.int();

/** [left, top, right, bottom] in raw device pixels; right and bottom exclusive; may be empty (r = l or b = t). */
export const PxRectSchema = z
  .tuple([int, int, int, int])
  .refine(([l, t, r, b]) => r >= l && b >= t, { message: 'rect needs right >= left and bottom >= top' });
export type PxRect = [number, number, number, number];

/**
 * A node's screen bounds exactly as Android reported them. AOSP clips a view's bounds to each ancestor with
 * max/min (View.mapRectFromViewToWindowCoords), so a child scrolled out past an ancestor's right or bottom
 * edge comes out inverted (left > right or top > bottom): an empty rect on a real phone, never an error. The
 * region algebra (regions.ts, the Java RectRegion) treats such a rect as empty.
 */
export const NodeBoundsSchema = z.tuple([int, int, int, int]);

/** AccessibilityWindowInfo.TYPE_* names. */
export const WINDOW_TYPES = [
  'application',
  'input_method',
  'system',
  'accessibility_overlay',
  'split_screen_divider',
  'magnification_overlay',
] as const;

export const WindowSchema = z.strictObject({
  id: int,
  display_id: int,
  /** Z order: a larger layer is above a smaller one on the same display. */
  layer: int,
  type: z.enum(WINDOW_TYPES),
  /** Owning package; null when the system did not say (makes selector resolution UNAVAILABLE). */
  package_name: z.string().min(1).nullable(),
  bounds: PxRectSchema,
  /** Exact touchable region (API ≥ 30); null when unknown, then `bounds` stands in. Empty list: not touchable. */
  touchable_region: z.array(PxRectSchema).nullable(),
  focused: z.boolean(),
  active: z.boolean(),
});
export type HelperWindow = z.infer<typeof WindowSchema>;

export const NodeFlagsSchema = z.strictObject({
  checkable: z.boolean(),
  checked: z.boolean(),
  clickable: z.boolean(),
  long_clickable: z.boolean(),
  focusable: z.boolean(),
  focused: z.boolean(),
  selected: z.boolean(),
  enabled: z.boolean(),
  editable: z.boolean(),
  scrollable: z.boolean(),
  password: z.boolean(),
  /** AccessibilityNodeInfo.isVisibleToUser. */
  visible: z.boolean(),
  /**
   * AccessibilityNodeInfo.isShowingHintText (API ≥ 26): `text` is the field's hint, its content is empty.
   * Optional, absent means false; helpers send it only when true (`wireFlags`).
   */
  showing_hint_text: z.boolean().optional(),
});
export type NodeFlags = z.infer<typeof NodeFlagsSchema>;

/** Flags as a helper sends them: `showing_hint_text` only when true, so every helper's bytes agree. */
export function wireFlags(flags: NodeFlags): NodeFlags {
  const { showing_hint_text, ...rest } = flags;
  return showing_hint_text === true ? { ...rest, showing_hint_text } : rest;
}

export const RangeSchema = z.strictObject({
  type: z.enum(['int', 'float', 'percent']),
  min: z.number(),
  max: z.number(),
  current: z.number(),
});
export type ControlRange = z.infer<typeof RangeSchema>;

/** UTF-16 code unit offsets, start ≤ end. */
export const SelectionSchema = z
  .strictObject({ start: int.min(0), end: int.min(0) })
  .refine((s) => s.start <= s.end, { message: 'selection start must not exceed end' });

export const NodeSchema = z.strictObject({
  /** Owning window id; null when unknown (a match on such a node is UNAVAILABLE). */
  window_id: int.nullable(),
  /** Index of the parent in `nodes`, null for a window root. */
  parent: int.min(0).nullable(),
  /** Indexes of the children in `nodes`, in drawing order. */
  children: z.array(int.min(0)),
  class_name: z.string().nullable(),
  resource_id: z.string().nullable(),
  /** As Android reports it; password fields are masked to null by the helper in everything it returns. */
  text: z.string().nullable(),
  content_desc: z.string().nullable(),
  package_name: z.string().nullable(),
  bounds_px: NodeBoundsSchema,
  flags: NodeFlagsSchema,
  range: RangeSchema.nullable(),
  /** Native actions the node advertises, mapped to Tactile names; other Android actions are dropped. */
  actions: z.array(z.enum(NATIVE_ACTIONS)),
  selection: SelectionSchema.nullable(),
});
export type HelperNode = z.infer<typeof NodeSchema>;

export const DisplaySchema = z.strictObject({ width: int.min(1), height: int.min(1) });

/** A live contact down on this connection: its operation, its down time and the pointers down now. */
export const LiveContactSchema = z.strictObject({
  operation_id: z.string(),
  down_time_ms: int.min(0),
  pointers: z
    .array(z.strictObject({ id: int.min(0).max(9), x: int, y: int }))
    .min(1)
    .max(5),
});
export type LiveContact = z.infer<typeof LiveContactSchema>;

export const DeviceStateSchema = z.strictObject({
  sdk: int.min(1),
  display: DisplaySchema,
  /** SystemClock.uptimeMillis() when the state was taken; the reference evaluator times injected events from it. */
  uptime_ms: int.min(0),
  /** False when window enumeration failed or was partial: every selector resolution is then UNAVAILABLE. */
  windows_complete: z.boolean(),
  windows: z.array(WindowSchema),
  nodes: z.array(NodeSchema),
  /** Operation ids cancelled on this connection (session state: requests of these operations are refused). */
  cancelled_operation_ids: z.array(z.string()),
  /** The connection's live contact (`touch`), when one is down: session state like the cancelled ids. */
  live_contact: LiveContactSchema.nullable().optional(),
});
export type DeviceState = z.infer<typeof DeviceStateSchema>;
