// Host → helper requests. Every request names its own `id` (echoed in the response) and the host's
// `operation_id` (the device-lock operation it belongs to, which `cancel` targets).
import { z } from 'zod';
import { text16 } from '../limits/utf16';
import { ControlSelectorSchema } from '../actions/selector';
import { CONTROL_ACTIONS } from './capabilities';

const int = z.int();
const envelope = {
  id: z.string().min(1).max(128),
  operation_id: z.string().min(1).max(128),
};

export const SCROLL_DIRECTIONS = ['forward', 'backward', 'up', 'down', 'left', 'right'] as const;

export const ObserveRequestSchema = z.strictObject({ ...envelope, op: z.literal('observe') });
export const ReadControlRequestSchema = z.strictObject({
  ...envelope,
  op: z.literal('read_control'),
  selector: ControlSelectorSchema,
});
/** One read-only look at a selector for wait_until; the host does the polling and the stability window. */
export const ProbeRequestSchema = z.strictObject({
  ...envelope,
  op: z.literal('probe'),
  selector: ControlSelectorSchema,
});
export const VisibleRegionRequestSchema = z.strictObject({
  ...envelope,
  op: z.literal('visible_region'),
  selector: ControlSelectorSchema,
});

export const ControlActionRequestSchema = z.strictObject({
  ...envelope,
  op: z.literal('control_action'),
  selector: ControlSelectorSchema,
  action: z.enum(CONTROL_ACTIONS),
  value: z.number().nullable().default(null),
  text: text16(65536).nullable().default(null),
  selection_start: int.min(0).nullable().default(null),
  selection_end: int.min(0).nullable().default(null),
  expected_token: z
    .string()
    .regex(/^[a-f0-9]{64}$/)
    .nullable()
    .default(null),
});

export const ScrollRequestSchema = z.strictObject({
  ...envelope,
  op: z.literal('scroll'),
  selector: ControlSelectorSchema,
  direction: z.enum(SCROLL_DIRECTIONS),
  /** Content must stay unchanged this long after the scroll before the helper answers. */
  settle_ms: int.min(50).max(3000),
  /** Bound on the whole scroll + settle; a container still changing then answers TIMEOUT. */
  timeout_ms: int.min(1).max(30000),
});

export const POINTER_ACTIONS = ['down', 'pointer_down', 'move', 'pointer_up', 'up'] as const;

/** One MotionEvent: t_ms from the gesture's start on the device clock; action_index names the pointer that goes down/up. */
export const MotionEventSchema = z.strictObject({
  t_ms: int.min(0),
  action: z.enum(POINTER_ACTIONS),
  action_index: int.min(0),
  pointers: z
    .array(z.strictObject({ id: int.min(0).max(9), x: int, y: int }))
    .min(1)
    .max(5),
});
export type MotionEventPlan = z.infer<typeof MotionEventSchema>;

export const InjectRequestSchema = z.strictObject({
  ...envelope,
  op: z.literal('inject'),
  events: z.array(MotionEventSchema).min(2).max(10000),
});

/** A live contact's actions: inject's, plus cancel (every pointer down lifted with ACTION_CANCEL). */
export const TOUCH_ACTIONS = [...POINTER_ACTIONS, 'cancel'] as const;

/** One event of the connection's live contact, injected now (PROTOCOL.md §4, touch). */
export const TouchRequestSchema = z.strictObject({
  ...envelope,
  op: z.literal('touch'),
  action: z.enum(TOUCH_ACTIONS),
  action_index: int.min(0),
  pointers: z
    .array(z.strictObject({ id: int.min(0).max(9), x: int, y: int }))
    .min(1)
    .max(5),
});

export const CancelRequestSchema = z.strictObject({
  ...envelope,
  op: z.literal('cancel'),
  target_operation_id: z.string().min(1).max(128),
});

/**
 * Is this helper alive and how many hosts does it serve? Answered on arrival, never queued behind a running
 * request, and needs no capability: a host that finds a running helper pings it before using it.
 */
export const PingRequestSchema = z.strictObject({ ...envelope, op: z.literal('ping') });

export const RequestSchema = z.discriminatedUnion('op', [
  ObserveRequestSchema,
  ReadControlRequestSchema,
  ProbeRequestSchema,
  VisibleRegionRequestSchema,
  ControlActionRequestSchema,
  ScrollRequestSchema,
  InjectRequestSchema,
  TouchRequestSchema,
  CancelRequestSchema,
  PingRequestSchema,
]);
export type HelperRequest = z.output<typeof RequestSchema>;
export type HelperOp = HelperRequest['op'];
export type RequestOf<Op extends HelperOp> = Extract<HelperRequest, { op: Op }>;
