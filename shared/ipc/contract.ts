// The one typed IPC contract: channel → zod schemas of its request and response (and of every event).
// Main (electron/main) and the loopback bridge (electron/bridge) validate every request against it before a
// handler runs; the preload exposes exactly these channels as named functions; the renderer is typed by it.
import { z } from 'zod';
import { AgentPolicyViewSchema, ApprovalPolicySchema, ApprovalsViewSchema } from '../approvals';
import { ControlSelectorSchema } from '../actions/selector';
import { OcclusionSchema } from '../occlusion';
import { ReceiptSchema } from '../receipts/receipt';
import { LogcatReadRequestSchema, LogcatReadResponseSchema } from '../verify/logcat-view';
import type { EventChannel, RequestChannel } from './channels';
import { DOCUMENT_REQUESTS } from './document-contract';
import { EVIDENCE_EVENTS, EVIDENCE_REQUESTS } from './evidence-contract';
import {
  FlowRequests,
  GroupDispatchRequestSchema,
  GroupDispatchResponseSchema,
  ReplayRequests,
  ReplayViewSchema,
} from './flows';
import { LIVE_TOUCH_REQUESTS } from './live-touch-contract';
import { OPERATOR_EVENTS, OPERATOR_REQUESTS } from './operator-contract';
import {
  CapabilitiesSchema,
  ConnectTargetSchema,
  DeviceInfoSchema,
  DeviceRowSchema,
  LockViewSchema,
  MirrorPacketSchema,
  MirrorStartedSchema,
  ObservationSchema,
  OperationIdSchema,
  ScreenshotSchema,
  SerialRequestSchema,
  SerialSchema,
} from './schemas';

const AgentServerSchema = z.strictObject({
  id: z.string(),
  kind: z.enum(['mcp', 'bridge']),
  serial: SerialSchema,
  url: z.string(),
  /** The bridge's session end (epoch ms); null for MCP. */
  session_until: z.int().nullable(),
});

const empty = z.strictObject({});

export const REQUESTS = {
  'devices.list': { request: empty, response: z.strictObject({ devices: z.array(DeviceRowSchema) }) },
  'devices.connect': {
    request: z.strictObject({ target: ConnectTargetSchema }),
    response: z.strictObject({ serial: SerialSchema }),
  },
  /** `adb disconnect host:port`: forgets a network device (one left offline by a failed connect). */
  'devices.disconnect': {
    request: z.strictObject({ target: ConnectTargetSchema }),
    response: z.strictObject({ disconnected: z.boolean() }),
  },
  'device.info': { request: SerialRequestSchema, response: DeviceInfoSchema },
  'device.observe': { request: SerialRequestSchema, response: ObservationSchema },
  'device.screenshot': { request: SerialRequestSchema, response: ScreenshotSchema },
  /**
   * Runs one `{tool, args}` call through the executor under the device lock. The envelope's own shape is the
   * executor's to judge (validateToolCall), so a bad call comes back as a not_started receipt with its code.
   */
  'device.execute': {
    /** operation_id: the caller's id for the operation (so it can cancel it); default a fresh UUID. */
    request: z.strictObject({
      serial: SerialSchema,
      envelope: z.unknown(),
      operation_id: OperationIdSchema.optional(),
    }),
    response: z.strictObject({ receipt: ReceiptSchema }),
  },
  /**
   * Stops an operation between events (its receipt is `cancelled`, or partial/unknown when input already
   * happened), whichever client on this machine runs it. Its id is the one given to device.execute, or the
   * lock holder's operation_id. `cancelled`: it was in flight here; the cancel is recorded either way.
   */
  'device.cancel': {
    request: z.strictObject({ operation_id: OperationIdSchema }),
    response: z.strictObject({ cancelled: z.boolean() }),
  },
  'device.capabilities': { request: SerialRequestSchema, response: CapabilitiesSchema },
  /**
   * Occlusion preview of one native selector, read-only and before anything is sent: the windows above it and
   * its visible, touchable region (exact regions from the helper on API ≥ 30, window bounds below); verdict
   * OCCLUDED when a click or native write on it would be refused. Needs the helper (CAPABILITY_UNAVAILABLE).
   */
  'device.occlusion': {
    request: z.strictObject({ serial: SerialSchema, selector: ControlSelectorSchema }),
    response: OcclusionSchema,
  },
  'lock.status': { request: SerialRequestSchema, response: LockViewSchema },
  'receipts.list': {
    request: z.strictObject({ limit: z.int().min(1).max(1000) }),
    response: z.strictObject({ receipts: z.array(ReceiptSchema) }),
  },
  /**
   * Starts the live mirror (scrcpy) of a device; packets arrive as `mirror.packet` events of this session.
   * max_size is the stream's longest side (0 = the device's size); bit rate and max fps are scrcpy's options.
   */
  'mirror.start': {
    request: z.strictObject({
      serial: SerialSchema,
      max_size: z.int().min(0).max(8192),
      video_bit_rate: z.int().min(100_000).max(200_000_000).optional(),
      max_fps: z.int().min(0).max(240).optional(),
    }),
    response: MirrorStartedSchema,
  },
  /**
   * "Screen off while mirroring": scrcpy's SET_DISPLAY_POWER on the device's mirror sessions, kept for the
   * sessions that follow; the panel is lit again when the device's mirror stops. applied=false: no mirror runs.
   */
  'mirror.screen-off': {
    request: z.strictObject({ serial: SerialSchema, off: z.boolean() }),
    response: z.strictObject({ applied: z.boolean() }),
  },
  'mirror.stop': {
    request: z.strictObject({ session: z.string().max(64) }),
    response: z.strictObject({ stopped: z.boolean() }),
  },
  /** Asks the device for a fresh keyframe (scrcpy RESET_VIDEO) when the renderer's decoder lost its reference. */
  'mirror.keyframe': {
    request: z.strictObject({ session: z.string().max(64) }),
    response: z.strictObject({ requested: z.boolean() }),
  },
  /** Agent requests waiting for the owner, and each agent's policy (the approvals panel). */
  'approvals.list': { request: empty, response: ApprovalsViewSchema },
  /** The owner's answer; a rejection's reason goes back to the agent. decided=false: no longer pending. */
  'approvals.decide': {
    request: z.strictObject({
      id: z.string().min(1).max(64),
      approve: z.boolean(),
      reason: z.string().max(600).nullable(),
    }),
    response: z.strictObject({ decided: z.boolean() }),
  },
  /** Sets an agent's policy ('*' = every agent without its own); session opens 15 minutes from now. */
  'approvals.set-policy': {
    request: z.strictObject({ agent: z.string().min(1).max(64), policy: ApprovalPolicySchema }),
    response: AgentPolicyViewSchema,
  },
  'approvals.stop-session': {
    request: z.strictObject({ agent: z.string().min(1).max(64) }),
    response: AgentPolicyViewSchema,
  },
  /** Agent servers started from the console (MCP over Streamable HTTP, the seed-003 bridge), on 127.0.0.1. */
  'agents.list': { request: empty, response: z.strictObject({ servers: z.array(AgentServerSchema) }) },
  /** port 0 = a free one. The token is in this response only (kept hashed): show it to the owner once. */
  'agents.start': {
    request: z.strictObject({
      kind: z.enum(['mcp', 'bridge']),
      serial: SerialSchema,
      port: z.int().min(0).max(65535),
      dialect: z.enum(['canonical', 'agent']),
      policy: z.enum(['ask', 'session']),
    }),
    response: z.strictObject({ id: z.string(), url: z.string(), token: z.string() }),
  },
  'agents.stop': {
    request: z.strictObject({ id: z.string().max(64) }),
    response: z.strictObject({ stopped: z.boolean() }),
  },
  ...EVIDENCE_REQUESTS,
  /** The flow library (<data dir>/flows) and flow replay: shared/ipc/flows.ts. */
  'flows.list': FlowRequests.list,
  'flows.open': FlowRequests.open,
  'flows.save': FlowRequests.save,
  'flows.rename': FlowRequests.rename,
  'flows.duplicate': FlowRequests.duplicate,
  'flows.delete': FlowRequests.delete,
  'flows.import': FlowRequests.import,
  'flows.export': FlowRequests.export,
  'flows.from-run': FlowRequests['from-run'],
  'flows.replay.start': ReplayRequests.start,
  'flows.replay.pause': ReplayRequests.pause,
  'flows.replay.resume': ReplayRequests.resume,
  'flows.replay.stop': ReplayRequests.stop,
  'flows.replay.list': ReplayRequests.list,
  /** Group control: one manual call (normalized coordinates only) sent to every listed device, each under its own lock. */
  'group.dispatch': { request: GroupDispatchRequestSchema, response: GroupDispatchResponseSchema },
  /** The Logcat panel's read: parsed lines (with their process's package) of the device's main buffer. */
  'logcat.read': { request: LogcatReadRequestSchema, response: LogcatReadResponseSchema },
  ...OPERATOR_REQUESTS,
  ...DOCUMENT_REQUESTS,
  ...LIVE_TOUCH_REQUESTS,
} satisfies Record<RequestChannel, { request: z.ZodType; response: z.ZodType }>;

export const EVENTS = {
  'devices.changed': z.strictObject({ devices: z.array(DeviceRowSchema) }),
  'receipt.completed': z.strictObject({ receipt: ReceiptSchema }),
  'mirror.packet': MirrorPacketSchema,
  /** The session stopped: error null when it was asked to, else why (server died, device lost). */
  'mirror.ended': z.strictObject({ session: z.string(), error: z.string().nullable() }),
  /** The pending list or a policy changed. */
  'approvals.changed': ApprovalsViewSchema,
  /** A replay's matrix changed (a cell, a device, its state): the whole view, small enough to resend. */
  'flows.replay.changed': z.strictObject({ replay: ReplayViewSchema }),
  ...OPERATOR_EVENTS,
  ...EVIDENCE_EVENTS,
} satisfies Record<EventChannel, z.ZodType>;

export type RequestOf<C extends RequestChannel> = z.input<(typeof REQUESTS)[C]['request']>;
export type ParsedRequestOf<C extends RequestChannel> = z.output<(typeof REQUESTS)[C]['request']>;
export type ResponseOf<C extends RequestChannel> = z.output<(typeof REQUESTS)[C]['response']>;
export type EventOf<E extends EventChannel> = z.output<(typeof EVENTS)[E]>;
