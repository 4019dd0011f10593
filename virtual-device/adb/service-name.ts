import type { AdbdRequest } from '../device-services';

// Parses the destination of a host OPEN into the device-side service it names (AOSP
// daemon/services.cpp and socket_spec.cpp). Pure. `host:` services never reach a device.

export type ReverseRequest =
  | { op: 'forward'; local: string; remote: string; noRebind: boolean }
  | { op: 'killforward'; local: string }
  | { op: 'killforward-all' }
  | { op: 'list-forward' }
  | { op: 'invalid'; message: string };

export type AdbServiceRequest =
  /**
   * `shell[,args]:CMD`; an empty CMD is the interactive shell; the `v2` arg asks for the shell protocol;
   * `pty`/`raw` choose the terminal, which otherwise is a PTY exactly when CMD is empty (adbd's default).
   */
  | { kind: 'shell'; command: string; shellProtocol: boolean; pty: boolean }
  /** `abb:` (shell protocol) and `abb_exec:` (raw): a binder service command, its arguments NUL-separated. */
  | { kind: 'abb'; args: string[]; shellProtocol: boolean }
  | { kind: 'exec'; command: string }
  | { kind: 'sync' }
  /** A device-side socket: `localabstract:`, `localreserved:`, `localfilesystem:`, `tcp:PORT`. */
  | { kind: 'socket'; address: string }
  | { kind: 'reverse'; request: ReverseRequest }
  /** adbd's own: `root:`, `unroot:`, `tcpip:PORT`, `usb:`, `reboot:[TARGET]` (services.cpp, restart_service.cpp). */
  | { kind: 'adbd'; request: AdbdRequest }
  /** `remount:[ARGS]`: adbd runs `/system/bin/remount ARGS` (raw, no shell protocol). */
  | { kind: 'remount'; args: string }
  /** `framebuffer:`: the screen as screencap takes it, behind a version-2 fbinfo header. */
  | { kind: 'framebuffer' }
  | { kind: 'unknown'; name: string };

const SOCKET_PREFIXES = ['localabstract:', 'localreserved:', 'localfilesystem:'];

export function parseServiceName(raw: string): AdbServiceRequest {
  // Old adb clients NUL-terminate the destination.
  const name = raw.endsWith('\0') ? raw.slice(0, -1) : raw;

  if (name.startsWith('shell:') || name.startsWith('shell,')) return parseShell(name.slice('shell'.length));
  if (name.startsWith('abb:')) return { kind: 'abb', args: name.slice('abb:'.length).split('\0'), shellProtocol: true };
  if (name.startsWith('abb_exec:')) {
    return { kind: 'abb', args: name.slice('abb_exec:'.length).split('\0'), shellProtocol: false };
  }
  if (name.startsWith('exec:')) return { kind: 'exec', command: name.slice('exec:'.length) };
  if (name === 'root:' || name === 'unroot:' || name === 'usb:')
    return { kind: 'adbd', request: { kind: name.slice(0, -1) as 'root' | 'unroot' | 'usb' } };
  // sscanf("%d"): digits after an optional sign; anything else is no service.
  const tcpip = /^tcpip:\s*([+-]?\d+)/.exec(name);
  if (tcpip) return { kind: 'adbd', request: { kind: 'tcpip', port: Number(tcpip[1]) } };
  if (name.startsWith('reboot:'))
    return { kind: 'adbd', request: { kind: 'reboot', target: name.slice('reboot:'.length) } };
  if (name.startsWith('remount:')) return { kind: 'remount', args: name.slice('remount:'.length) };
  if (name === 'framebuffer:') return { kind: 'framebuffer' };
  if (name.startsWith('sync:')) return { kind: 'sync' };
  if (name.startsWith('reverse:')) return { kind: 'reverse', request: parseReverse(name.slice('reverse:'.length)) };
  if (SOCKET_PREFIXES.some((p) => name.startsWith(p) && name.length > p.length))
    return { kind: 'socket', address: name };
  // `local:X` is adb's old spelling of localreserved.
  if (name.startsWith('local:') && name.length > 'local:'.length) {
    return { kind: 'socket', address: `localreserved:${name.slice('local:'.length)}` };
  }
  const tcp = /^tcp:(?:(?:localhost|127\.0\.0\.1|\[::1\]):)?(\d{1,5})$/.exec(name);
  if (tcp && Number(tcp[1]) <= 65535) return { kind: 'socket', address: `tcp:${Number(tcp[1])}` };
  return { kind: 'unknown', name };
}

function parseShell(rest: string): AdbServiceRequest {
  // rest is ":CMD" or ",arg1,arg2:CMD".
  const colon = rest.indexOf(':');
  if (colon < 0) return { kind: 'unknown', name: `shell${rest}` };
  // Other args (TERM=…) change nothing here; adbd ignores unknown ones too.
  const args = rest.slice(0, colon).split(',');
  const command = rest.slice(colon + 1);
  const pty = args.includes('pty') ? true : args.includes('raw') ? false : command === '';
  return { kind: 'shell', command, shellProtocol: args.includes('v2'), pty };
}

function parseReverse(service: string): ReverseRequest {
  if (service === 'list-forward') return { op: 'list-forward' };
  if (service === 'killforward-all') return { op: 'killforward-all' };
  if (service.startsWith('killforward:')) {
    const pieces = service.slice('killforward:'.length).split(';');
    if (pieces.length !== 1 || !pieces[0]) return { op: 'invalid', message: `bad killforward: ${service.slice(12)}` };
    return { op: 'killforward', local: pieces[0] };
  }
  if (service.startsWith('forward:')) {
    let spec = service.slice('forward:'.length);
    const noRebind = spec.startsWith('norebind:');
    if (noRebind) spec = spec.slice('norebind:'.length);
    const pieces = spec.split(';');
    if (pieces.length !== 2 || !pieces[0] || !pieces[1] || pieces[1].startsWith('*')) {
      return { op: 'invalid', message: `bad forward: ${spec}` };
    }
    return { op: 'forward', local: pieces[0], remote: pieces[1], noRebind };
  }
  return { op: 'invalid', message: 'not a reverse forwarding command' };
}
