// The operator's channels (issue 18): device buttons, typing and the clipboard over the mirror's control
// socket, app install and management, the file browser with chunked push/pull, screenshots and MP4 recording
// saved to the data dir, and Wi-Fi pairing. Spread into REQUESTS / EVENTS by contract.ts.
import { z } from 'zod';
import { text16, utf16Max } from '../limits/utf16';
import { OVERLAY_FILE_NAME } from '../capture/export-name';
import { BytesSchema, ConnectTargetSchema, SerialSchema } from './schemas';
import { DEVICE_BUTTONS, OPERATOR_APP_ACTIONS, TYPING_KEYS } from '../actions/tactile/operator-calls';
import { PACKAGE_NAME } from '../actions/tactile/uninstall-app';
import { ReceiptSchema } from '../receipts/receipt';

/** Where the file browser may look: shared storage and the shell's scratch folder. */
export const FILE_ROOTS = ['/sdcard', '/data/local/tmp'] as const;

/** At most 1 MiB per chunk so a chunk stays far below the bridge's frame limit. */
export const TRANSFER_CHUNK_BYTES = 1024 * 1024;
const TransferIdSchema = z.string().regex(/^[A-Za-z0-9-]{8,64}$/, 'expected a transfer id');
/** A device path inside one of FILE_ROOTS, absolute, without `..` segments. */
export const DevicePathSchema = z
  .string()
  .max(1024)
  .superRefine((p, ctx) => {
    const inside = FILE_ROOTS.some((r) => p === r || p.startsWith(`${r}/`));
    if (!inside || p.split('/').includes('..') || /[\0\n]/.test(p))
      ctx.addIssue({ code: 'custom', message: `expected a path under ${FILE_ROOTS.join(' or ')} without ".."` });
  });
const FileNameSchema = z
  .string()
  .min(1)
  .max(255)
  .refine((n) => !n.includes('/') && n !== '.' && n !== '..' && !/[\0\n]/.test(n), 'expected a file name without "/"');

const ViaSchema = z.strictObject({ via: z.enum(['scrcpy', 'adb']) });

export const AppRowSchema = z.strictObject({
  package: z.string(),
  label: z.string(),
  version_name: z.string().nullable(),
  version_code: z.int().nullable(),
  system: z.boolean(),
});
export type AppRow = z.infer<typeof AppRowSchema>;

export const FileEntrySchema = z.strictObject({
  name: z.string(),
  type: z.enum(['file', 'directory', 'link', 'other']),
  size: z.int().min(0),
  /** Epoch seconds. */
  mtime: z.int(),
});
export type FileEntry = z.infer<typeof FileEntrySchema>;

/** Something saved for the user: written to <data dir>/exports and handed back for a download. */
export const SavedFileSchema = z.strictObject({
  name: z.string(),
  path: z.string(),
  size: z.int().min(0),
  data: BytesSchema,
});

export const OPERATOR_REQUESTS = {
  /** A device button; over the mirror's control socket when one runs, else adb shell (input keyevent, cmd statusbar). */
  'device.button': {
    request: z.strictObject({ serial: SerialSchema, button: z.enum(DEVICE_BUTTONS) }),
    response: ViaSchema,
  },
  /** Typing on the mirror: text as scrcpy INJECT_TEXT, editing keys as key events (Ctrl for a/c/x). */
  'device.type': {
    request: z.strictObject({ serial: SerialSchema, text: utf16Max(z.string().min(1), 4096) }),
    response: ViaSchema,
  },
  'device.key': {
    request: z.strictObject({ serial: SerialSchema, key: z.enum(TYPING_KEYS), ctrl: z.boolean(), shift: z.boolean() }),
    response: ViaSchema,
  },
  /** The device clipboard (scrcpy GET_CLIPBOARD); copy: press COPY first so the focused field's selection is taken. */
  'clipboard.get': {
    request: z.strictObject({ serial: SerialSchema, copy: z.boolean() }),
    response: z.strictObject({ text: z.string() }),
  },
  /** scrcpy SET_CLIPBOARD (acknowledged); paste: then press PASTE into the focused field. */
  'clipboard.set': {
    request: z.strictObject({ serial: SerialSchema, text: text16(65_536), paste: z.boolean() }),
    response: z.strictObject({ set: z.boolean() }),
  },
  'apps.list': {
    request: z.strictObject({ serial: SerialSchema }),
    response: z.strictObject({ apps: z.array(AppRowSchema) }),
  },
  'apps.action': {
    request: z.strictObject({
      serial: SerialSchema,
      package: z.string().regex(PACKAGE_NAME, 'expected a package name'),
      action: z.enum(OPERATOR_APP_ACTIONS),
    }),
    response: z.strictObject({ output: z.string() }),
  },
  'files.list': {
    request: z.strictObject({ serial: SerialSchema, path: DevicePathSchema }),
    response: z.strictObject({ path: z.string(), entries: z.array(FileEntrySchema) }),
  },
  /**
   * Starts a push to `dir/name` (kind file) or of an APK to install (kind apk): bytes follow as chunks in order;
   * they land in a hidden partial file that is renamed only when complete, and removed on cancel or failure.
   */
  'transfer.push-begin': {
    request: z.strictObject({
      serial: SerialSchema,
      kind: z.enum(['file', 'apk']),
      dir: DevicePathSchema,
      name: FileNameSchema,
      size: z
        .int()
        .min(0)
        .max(4 * 1024 ** 3),
      transfer_id: TransferIdSchema,
    }),
    response: z.strictObject({ transfer_id: z.string() }),
  },
  'transfer.push-chunk': {
    request: z.strictObject({ transfer_id: TransferIdSchema, offset: z.int().min(0), data: BytesSchema }),
    response: z.strictObject({ received: z.int() }),
  },
  /**
   * Waits for the device to have every byte; for an APK then runs tactile.install_app through the executor:
   * the package added or updated (null when none), pm's answer ('' when pm did not run) and the receipt (as
   * announced), whose message explains a failure in words.
   */
  'transfer.push-end': {
    request: z.strictObject({ transfer_id: TransferIdSchema }),
    response: z.strictObject({
      path: z.string(),
      size: z.int(),
      install: z
        .strictObject({ package: z.string().nullable(), output: z.string(), receipt: ReceiptSchema })
        .nullable(),
    }),
  },
  /** Pulls a device file (progress events), saves it under exports and returns it. */
  'files.pull': {
    request: z.strictObject({ serial: SerialSchema, path: DevicePathSchema, transfer_id: TransferIdSchema }),
    response: SavedFileSchema,
  },
  'transfer.cancel': {
    request: z.strictObject({ transfer_id: TransferIdSchema }),
    response: z.strictObject({ cancelled: z.boolean() }),
  },
  /** A PNG in device pixels named `<model>_<serial>_<UTC time>.png`. */
  'capture.screenshot': { request: z.strictObject({ serial: SerialSchema }), response: SavedFileSchema },
  /** Records the mirror session's H.264 stream as it arrives, remuxed into MP4 (no re-encode). */
  'recording.start': {
    request: z.strictObject({ session: z.string().max(64) }),
    response: z.strictObject({ recording: z.string(), started_at: z.number() }),
  },
  'recording.stop': {
    request: z.strictObject({ recording: z.string().max(64) }),
    response: SavedFileSchema.extend({ duration_ms: z.number(), frames: z.int() }),
  },
  /**
   * A file the renderer composed with the overlay drawn on (`…_overlay.png` / `…_overlay.mp4`), in chunks of at
   * most TRANSFER_CHUNK_BYTES from offset 0; main writes it under exports atomically once `done`.
   */
  'capture.save': {
    request: z.strictObject({
      name: z.string().regex(OVERLAY_FILE_NAME, 'expected <name>_overlay.png or <name>_overlay.mp4'),
      offset: z.int().min(0),
      data: BytesSchema.refine(
        (d) => d.byteLength <= TRANSFER_CHUNK_BYTES,
        `expected at most ${TRANSFER_CHUNK_BYTES} bytes per chunk`,
      ),
      done: z.boolean(),
    }),
    response: z.strictObject({
      received: z.int(),
      saved: z.strictObject({ name: z.string(), path: z.string(), size: z.int() }).nullable(),
    }),
  },
  /** `adb pair host:port code` (Android 11+ wireless debugging); then connect to the device's own port. */
  'devices.pair': {
    request: z.strictObject({
      target: ConnectTargetSchema,
      code: z.string().regex(/^\d{6}$/, 'expected the 6-digit pairing code'),
    }),
    response: z.strictObject({ paired: z.boolean(), message: z.string() }),
  },
} as const;

export const OPERATOR_EVENTS = {
  /** Progress of a push, an install or a pull: bytes the device has (push), or read from it (pull). */
  'transfer.progress': z.strictObject({
    transfer_id: z.string(),
    phase: z.enum(['push', 'install', 'pull', 'done', 'cancelled', 'failed']),
    done: z.number(),
    total: z.number(),
    message: z.string().nullable(),
  }),
} as const;
