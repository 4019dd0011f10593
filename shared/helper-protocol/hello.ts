// The helper speaks first. The host accepts exactly protocol 4; a hello of another protocol is a
// protocol_mismatch that still says how many host sessions that helper serves (the host replaces a helper of
// another version only when it has none), and a malformed hello makes the helper backend unusable:
// CAPABILITY_UNAVAILABLE, and the host falls back to shell input.
import { z } from 'zod';
import { capabilitiesForSdk, isCapability, type Capability } from './capabilities';

/**
 * 4: one helper serves several host connections (hello `sessions`, `ping`, the input gate's DEVICE_BUSY and the
 * `exit` notice). 3 served one connection and exited with its host; nothing else of the wire changed.
 */
export const PROTOCOL_VERSION = 4;
/** The helper listens on localabstract:tactile-helper. */
export const HELPER_SOCKET_NAME = 'tactile-helper';
/** The class `app_process` starts (helper-apk's Main); the host's launcher and the virtual device agree on it here. */
export const HELPER_MAIN_CLASS = 'com.tactile.helper.Main';

export const HelloSchema = z.strictObject({
  type: z.literal('hello'),
  protocol: z.int(),
  helper_version: z.string().min(1).max(64),
  sdk: z.int().min(1),
  capabilities: z.array(z.string().min(1).max(64)).max(256),
  /** Other host sessions the helper was serving when it accepted this connection (0: this host is alone). */
  sessions: z.int().min(0),
});
export type Hello = z.infer<typeof HelloSchema>;

export type HelloCheck =
  | {
      ok: true;
      protocol: typeof PROTOCOL_VERSION;
      helper_version: string;
      sdk: number;
      capabilities: Capability[];
      sessions: number;
    }
  | { ok: false; code: 'CAPABILITY_UNAVAILABLE'; reason: 'malformed_hello'; message: string }
  | {
      ok: false;
      code: 'CAPABILITY_UNAVAILABLE';
      reason: 'protocol_mismatch';
      message: string;
      /** The protocol that helper speaks. */
      protocol: number;
      /** Its other sessions, when its hello says (a protocol-3 helper serves one connection, ours: null). */
      sessions: number | null;
    };

/**
 * Checks the helper's first frame. The protocol is read first, from any hello-shaped object: another
 * version's hello need not have this one's fields. The usable capabilities are those declared AND offered by
 * the SDK (a helper cannot claim ime_enter on API 29); unknown names are ignored so a newer helper stays usable.
 */
export function checkHello(frame: unknown): HelloCheck {
  const head = typeof frame === 'object' && frame !== null ? (frame as Record<string, unknown>) : {};
  if (head.type === 'hello' && Number.isSafeInteger(head.protocol) && head.protocol !== PROTOCOL_VERSION) {
    const protocol = head.protocol as number;
    const sessions =
      Number.isSafeInteger(head.sessions) && (head.sessions as number) >= 0 ? (head.sessions as number) : null;
    return {
      ok: false,
      code: 'CAPABILITY_UNAVAILABLE',
      reason: 'protocol_mismatch',
      message: `helper speaks protocol ${protocol}; this host speaks only ${PROTOCOL_VERSION}`,
      protocol,
      sessions,
    };
  }
  const parsed = HelloSchema.safeParse(frame);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue ? `/${issue.path.join('/')}: ${issue.message}` : '';
    return {
      ok: false,
      code: 'CAPABILITY_UNAVAILABLE',
      reason: 'malformed_hello',
      message: `malformed helper hello ${where}`,
    };
  }
  const hello = parsed.data;
  const declared = new Set(hello.capabilities.filter(isCapability));
  return {
    ok: true,
    protocol: PROTOCOL_VERSION,
    helper_version: hello.helper_version,
    sdk: hello.sdk,
    capabilities: capabilitiesForSdk(hello.sdk).filter((c) => declared.has(c)),
    sessions: hello.sessions,
  };
}

/** The hello a helper on this SDK sends with `sessions` others connected (the virtual device; the Java helper builds the same). */
export function helloFor(sdk: number, helperVersion: string, sessions = 0): Hello {
  return {
    type: 'hello',
    protocol: PROTOCOL_VERSION,
    helper_version: helperVersion,
    sdk,
    capabilities: capabilitiesForSdk(sdk),
    sessions,
  };
}
