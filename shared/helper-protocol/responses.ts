// Helper → host responses and the result of each operation.
import { z } from 'zod';
import { EXECUTION_CODES, VALIDATION_CODES } from '../errors';
import { NATIVE_ACTIONS, CONTROL_ACTIONS } from './capabilities';
import {
  DeviceStateSchema,
  NodeBoundsSchema,
  NodeFlagsSchema,
  PxRectSchema,
  RangeSchema,
  SelectionSchema,
} from './device-state';

const int = z.int();
const sha256Hex = z.string().regex(/^[a-f0-9]{64}$/);

export const ErrorCodeSchema = z.enum([...VALIDATION_CODES, ...EXECUTION_CODES]);

/** Everything read_control reports about one node (text is null for password fields). */
export const ControlReadingSchema = z.strictObject({
  node_index: int.min(0),
  window_id: int,
  package_name: z.string().nullable(),
  class_name: z.string().nullable(),
  resource_id: z.string().nullable(),
  text: z.string().nullable(),
  content_desc: z.string().nullable(),
  bounds_px: NodeBoundsSchema,
  range: RangeSchema.nullable(),
  /** What control_action can do on it on this device: advertised ∩ capabilities, plus derived replace_selection. */
  actions: z.array(z.enum(CONTROL_ACTIONS)),
  selection: SelectionSchema.nullable(),
  flags: NodeFlagsSchema,
  token: sha256Hex,
  content_signature: sha256Hex,
});
export type ControlReading = z.infer<typeof ControlReadingSchema>;

export const ObserveResultSchema = DeviceStateSchema.omit({ uptime_ms: true, cancelled_operation_ids: true });
const ReadControlResultSchema = ControlReadingSchema;
export const ProbeResultSchema = z.discriminatedUnion('match', [
  z.strictObject({ match: z.literal('none') }),
  z.strictObject({ match: z.literal('unique'), reading: ControlReadingSchema }),
]);
export const VisibleRegionResultSchema = z.strictObject({
  node_index: int.min(0),
  window_id: int,
  bounds_px: NodeBoundsSchema,
  /** True when every region used was the system's exact one (API ≥ 30); false when bounds approximated. */
  exact_regions: z.boolean(),
  /** Canonical band decomposition (see regions.ts). */
  visible_rects: z.array(PxRectSchema),
  visible_area: int.min(0),
});
export const ControlActionResultSchema = z.strictObject({
  action: z.enum(CONTROL_ACTIONS),
  /** The node read again after the action. */
  reading: ControlReadingSchema,
});
export const ScrollResultSchema = z.strictObject({
  action: z.enum(NATIVE_ACTIONS),
  content_signature_before: sha256Hex,
  content_signature_after: sha256Hex,
  content_changed: z.boolean(),
});
export const InjectResultSchema = z.strictObject({
  dispatched: int.min(0),
  /** Device uptime of the first down; event_times_ms[i] = down_time_ms + events[i].t_ms, event i's own timestamp. */
  down_time_ms: int.min(0),
  event_times_ms: z.array(int.min(0)),
});
export const TouchResultSchema = z.strictObject({
  /** Device uptime of the contact's down (every event of the contact shares it). */
  down_time_ms: int.min(0),
  /** Device uptime this event was stamped with and injected at. */
  event_time_ms: int.min(0),
});
export const CancelResultSchema = z.strictObject({
  target_operation_id: z.string(),
  /** Whether a request of that operation was running and got interrupted. */
  was_running: z.boolean(),
});

export const PingResultSchema = z.strictObject({
  /** Host sessions the helper serves now, the asking one included. */
  sessions: int.min(1),
});

export const HelperErrorSchema = z.strictObject({
  code: ErrorCodeSchema,
  message: z.string().min(1),
  /** JSON Pointer into the request, for INVALID_ARGUMENT. */
  path: z.string().optional(),
  /** Code-specific facts, e.g. `{dispatched}` for an inject stopped by cancel. */
  details: z.record(z.string(), z.unknown()).optional(),
});
export type HelperError = z.infer<typeof HelperErrorSchema>;

export const ResponseSchema = z.union([
  z.strictObject({
    id: z.string().nullable(),
    operation_id: z.string().nullable(),
    ok: z.literal(true),
    result: z.record(z.string(), z.unknown()),
  }),
  z.strictObject({
    id: z.string().nullable(),
    operation_id: z.string().nullable(),
    ok: z.literal(false),
    error: HelperErrorSchema,
  }),
]);
export type HelperResponse = z.infer<typeof ResponseSchema>;

export const RESULT_SCHEMAS = {
  observe: ObserveResultSchema,
  read_control: ReadControlResultSchema,
  probe: ProbeResultSchema,
  visible_region: VisibleRegionResultSchema,
  control_action: ControlActionResultSchema,
  scroll: ScrollResultSchema,
  inject: InjectResultSchema,
  touch: TouchResultSchema,
  cancel: CancelResultSchema,
  ping: PingResultSchema,
} as const;
