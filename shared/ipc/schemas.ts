// Payload schemas of the IPC contract that are specific to the console (the rest come from the shared models).
import { z } from 'zod';
import { ObservedNodeSchema, ObservedWindowSchema, RotationSchema, ScreenSizeSchema } from '../observation';
import { OwnerSchema } from '../receipts/owner';
import { HelperNoticeSchema } from './helper-notices';
import { serialProblem } from '../validation/serial';

/** A device serial as callers give it (adb resolves aliases later); a bad one is refused with INVALID_SERIAL. */
export const SerialSchema = z.string().superRefine((serial, ctx) => {
  const problem = serialProblem(serial);
  if (problem !== null) ctx.addIssue({ code: 'custom', message: problem, params: { code: 'INVALID_SERIAL' } });
});
export const SerialRequestSchema = z.strictObject({ serial: SerialSchema });

/** An operation id: a UUID (the executor draws one with randomUUID when the caller gives none). */
export const OperationIdSchema = z
  .string()
  .regex(/^[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}$/, 'expected a UUID');

/** `host:port` of a device to `adb connect` (IPv4, a name, or a bracketed IPv6 address). */
const HOST_PORT = /^(\[[0-9a-fA-F:.]+\]|[A-Za-z0-9.-]+):([1-9]\d{0,4})$/;
export const ConnectTargetSchema = z
  .string()
  .max(300)
  .superRefine((t, ctx) => {
    // One message per mistake: the port range is judged only once the text has the host:port shape.
    const m = HOST_PORT.exec(t);
    if (!m) ctx.addIssue({ code: 'custom', message: 'expected host:port, e.g. 192.168.1.20:5555' });
    else if (Number(m[2]) > 65535) ctx.addIssue({ code: 'custom', message: 'the port must be at most 65535' });
  });

/** Binary payloads travel as bytes (structured clone in Electron, binary frames on the bridge). */
export const BytesSchema = z.custom<Uint8Array>((v) => v instanceof Uint8Array, { message: 'expected bytes' });

export const LOCK_STATES = ['free', 'held', 'uncertain', 'stale', 'unreadable'] as const;

export const LockHolderSchema = z.strictObject({
  owner: OwnerSchema,
  operation_id: z.string(),
  acquired_at: z.string(),
});

export const LockViewSchema = z.strictObject({
  serial: SerialSchema,
  state: z.enum(LOCK_STATES),
  holder: LockHolderSchema.nullable(),
});
export type LockView = z.infer<typeof LockViewSchema>;

export const DeviceRowSchema = z.strictObject({
  serial: SerialSchema,
  /** adb's state: device, offline, unauthorized, … */
  state: z.string(),
  /** `host:port` of the adb server that lists it. */
  server: z.string(),
  /** Known once the device is online and answered getprop; null before. */
  model: z.string().nullable(),
  sdk: z.int().nullable(),
  /** The input backend the executor would use (helper, adb_input, scrcpy), null when unknown. */
  backend: z.string().nullable(),
  lock: LockViewSchema,
  /** The virtual device this app started because no device was attached. */
  embedded: z.boolean(),
});
export type DeviceRow = z.infer<typeof DeviceRowSchema>;

export const DeviceInfoSchema = z.strictObject({
  serial: SerialSchema,
  server: z.string(),
  model: z.string(),
  manufacturer: z.string(),
  sdk: z.int(),
  release: z.string(),
  screen: ScreenSizeSchema,
  physical_size: ScreenSizeSchema,
  density: z.number(),
  rotation: RotationSchema,
});
export type DeviceInfoView = z.infer<typeof DeviceInfoSchema>;

export const ObservationSchema = z.strictObject({
  serial: SerialSchema,
  screen: ScreenSizeSchema,
  rotation: RotationSchema,
  nodes: z.array(ObservedNodeSchema),
  /** Every window, top first, when the device's dump lists them (uiautomator dump --windows). */
  windows: z.array(ObservedWindowSchema).optional(),
  /** Host clock when the dump finished (epoch ms). */
  observed_at: z.number(),
});
export type Observation = z.infer<typeof ObservationSchema>;

export const ScreenshotSchema = z.strictObject({
  png: BytesSchema,
  width: z.int().positive(),
  height: z.int().positive(),
});

export const CapabilitiesSchema = z.strictObject({
  serial: SerialSchema,
  backend: z.string().nullable(),
  /** Tools this device can run now; a tool not listed is not offered. */
  tools: z.array(z.string()),
  /** What the device can do now (helper capabilities, the input backend's inject.*): prepareCall's input. */
  capabilities: z.array(z.string()),
  /** What the device panel says about the helper (shared/ipc/helper-notices.ts); absent when nothing. */
  notices: z.array(HelperNoticeSchema).optional(),
});
export type CapabilitiesView = z.infer<typeof CapabilitiesSchema>;

export const MirrorStartedSchema = z.strictObject({
  session: z.string(),
  /** Video size (the device screen scaled to max_size). */
  width: z.int().min(0),
  height: z.int().min(0),
  device_name: z.string(),
});

/** One scrcpy media packet: the codec configuration (H.264 SPS/PPS, Annex B) or one encoded frame. */
export const MirrorPacketSchema = z.strictObject({
  session: z.string(),
  type: z.enum(['configuration', 'data']),
  data: BytesSchema,
  keyframe: z.boolean().nullable(),
  /** Presentation time, microseconds (device clock); null for configuration packets. */
  pts: z.number().nullable(),
  /** Epoch ms (host clock, fractional) when main read the packet off the device socket: for latency figures. */
  sent_at: z.number(),
});
export type MirrorPacket = z.infer<typeof MirrorPacketSchema>;
