// The helper speaks first. The host accepts exactly protocol 3; anything else (another number, a malformed
// hello) makes the helper backend unusable: CAPABILITY_UNAVAILABLE, and the host falls back to shell input.
import { z } from 'zod';
import { capabilitiesForSdk, isCapability, type Capability } from './capabilities';

export const PROTOCOL_VERSION = 3;
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
});
export type Hello = z.infer<typeof HelloSchema>;

export type HelloCheck =
  | { ok: true; protocol: 3; helper_version: string; sdk: number; capabilities: Capability[] }
  | { ok: false; code: 'CAPABILITY_UNAVAILABLE'; reason: 'malformed_hello' | 'protocol_mismatch'; message: string };

/**
 * Checks the helper's first frame. The usable capabilities are those declared AND offered by the SDK
 * (a helper cannot claim ime_enter on API 29); unknown names are ignored so a newer helper stays usable.
 */
export function checkHello(frame: unknown): HelloCheck {
  const parsed = HelloSchema.safeParse(frame);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue ? `/${issue.path.join('/')}: ${issue.message}` : '';
    return { ok: false, code: 'CAPABILITY_UNAVAILABLE', reason: 'malformed_hello', message: `malformed helper hello ${where}` };
  }
  const hello = parsed.data;
  if (hello.protocol !== PROTOCOL_VERSION) {
    return {
      ok: false,
      code: 'CAPABILITY_UNAVAILABLE',
      reason: 'protocol_mismatch',
      message: `helper speaks protocol ${hello.protocol}; this host speaks only ${PROTOCOL_VERSION}`,
    };
  }
  const declared = new Set(hello.capabilities.filter(isCapability));
  return {
    ok: true,
    protocol: PROTOCOL_VERSION,
    helper_version: hello.helper_version,
    sdk: hello.sdk,
    capabilities: capabilitiesForSdk(hello.sdk).filter((c) => declared.has(c)),
  };
}

/** The hello a helper on this SDK sends (used by the virtual device; the Java helper builds the same). */
export function helloFor(sdk: number, helperVersion: string): Hello {
  return { type: 'hello', protocol: PROTOCOL_VERSION, helper_version: helperVersion, sdk, capabilities: capabilitiesForSdk(sdk) };
}
