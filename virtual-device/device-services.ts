// The seam between the adb device transport (virtual-device/adb/) and the simulated Android
// (virtual-device/android/). The transport speaks the adb wire protocol and knows nothing of
// Android; the simulation implements these small interfaces and knows nothing of adb packets.
// Tests fake either side through these interfaces (architecture.md practice 2).
import type { FsErrorCode } from './fs/fs-error';

/** One byte stream opened by the adb host: a shell session, a `localabstract:`/`tcp:` socket, … */
export interface DeviceStream {
  /** Bytes from the host. Resolves when the device side has consumed them (drives adb flow control). */
  onData(handler: (chunk: Uint8Array) => void | Promise<void>): void;
  /** Called once when the host closed the stream (CLSE) or the transport died. */
  onClose(handler: () => void): void;
  /** Bytes to the host; resolves once the host acknowledged them (OKAY), so writers respect back-pressure. */
  write(chunk: Uint8Array): Promise<void>;
  /** Closes the stream from the device side (sends CLSE). Idempotent. */
  close(): void;
  readonly closed: boolean;
}

export interface ShellIo {
  stdout(chunk: Uint8Array | string): Promise<void>;
  stderr(chunk: Uint8Array | string): Promise<void>;
  /** Aborted when the host closes the stream or the device stops. Long-running commands must stop then. */
  signal: AbortSignal;
  /** Host bytes after the command (e.g. `adb shell cat > f` or an interactive shell); may be empty. */
  stdin: AsyncIterable<Uint8Array>;
}

/** Android's `/system/bin/sh` as far as adb sees it: `shell:CMD`, `exec:CMD` and interactive `shell:`. */
export interface VirtualShell {
  /** Runs one command line (may contain `;`, `&&`, `|`, redirection as far as the simulation supports). Resolves the exit code. */
  exec(commandLine: string, io: ShellIo): Promise<number>;
}

export interface VirtualFileStat {
  /** POSIX mode bits including the file type (S_IFREG 0o100000, S_IFDIR 0o040000). */
  mode: number;
  size: number;
  /** Seconds since the epoch. */
  mtime: number;
  /** Owner and group (AID numbers: 0 root, 1000 system, 2000 shell, 1015 sdcard_rw, 10000+ apps). */
  uid: number;
  gid: number;
}

/** Whom the file system checks an access for: adbd's user (shell, or root after `adb root`) and its groups. */
export interface FsCredentials {
  uid: number;
  /** The primary group first: new files get it (except where a mount decides, as shared storage does). */
  gids: readonly number[];
}

/**
 * The device's file system, shared by `sync:` (push/pull/ls) and shell commands (ls, cat, rm, screencap FILE,
 * uiautomator dump FILE), with Android's permissions for the caller's credentials: FsError (fs/fs-error.ts)
 * carries the errno (ENOENT, ENOTDIR, EISDIR, EROFS, EACCES, EPERM) that `fsErrorText` words as Android does.
 */
export interface VirtualFileSystem {
  /** lstat: null when the path cannot be reached (errorOf tells why). */
  stat(path: string): VirtualFileStat | null;
  /** Why stat(path) is null (ENOENT, ENOTDIR, EACCES on a directory the caller may not search), or null. */
  errorOf(path: string): FsErrorCode | null;
  /** The entries of a directory, null when it is none; throws FsError EACCES when the caller may not read it. */
  list(path: string): Array<{ name: string } & VirtualFileStat> | null;
  /** A regular file's bytes, null when it is none; throws FsError EACCES when the caller may not read it. */
  read(path: string): Uint8Array | null;
  /**
   * Creates or replaces a regular file; `mode` is the permission bits (a file-type part is ignored). The parent
   * directory must exist and be writable.
   */
  write(path: string, data: Uint8Array, mode: number, mtime: number): void;
  /** `mkdir -p`: creates the directory and missing parents, keeps existing ones. */
  mkdir(path: string, mode: number, mtime?: number): void;
  /** Removes a file, or a directory with everything below it (callers decide about `rm -r`); false when missing. */
  remove(path: string): boolean;
  /** chmod: the owner or root only (EPERM otherwise). */
  chmod(path: string, mode: number): void;
  /** Sets the modification time (touch), creating nothing. */
  touch(path: string, mtime: number): void;
  /** Whose accesses are checked from now on (adbd's user); root (0) passes every permission check. */
  setCredentials(get: () => FsCredentials): void;
  /** Runs `fn` as root: what the system itself does (installd creating an app's data directory). */
  privileged<T>(fn: () => T): T;
  /** chown: root only (EPERM otherwise). */
  chown(path: string, uid: number, gid: number): void;
  /** `adb remount` (writable) and a reboot (read-only again): the system partitions' mount state. */
  remount(writable: boolean): void;
}

/** Device-side listeners for `localabstract:NAME`, `localreserved:`, `localfilesystem:` and `tcp:PORT` (scrcpy server, helper). */
export interface LocalSocketRegistry {
  /** Registers a listener; returns an unregister function. A second listener on the same name replaces nothing and throws. */
  listen(address: string, accept: (stream: DeviceStream) => void): () => void;
  /** Looks up a listener for an OPEN of `address` (e.g. `localabstract:scrcpy_0123abcd`, `tcp:8080`). */
  connect(address: string): ((stream: DeviceStream) => void) | null;
  /** A device process connecting out to `address`: only an `adb reverse` forward listens there. */
  connectOut(address: string): Promise<DeviceStream>;
}

/** adbd's own services that restart it: `root:`, `unroot:`, `tcpip:PORT`, `usb:`, and `reboot:TARGET`. */
export type AdbdRequest =
  { kind: 'root' | 'unroot' | 'usb' } | { kind: 'tcpip'; port: number } | { kind: 'reboot'; target: string };

/** Everything the adb transport needs from the device behind it. */
export interface DeviceServices {
  /**
   * Answers an adbd request with the text adbd writes back (`restarting adbd as root\n`…); whatever restarts
   * adbd or reboots the device is announced through onAdbdRestart. Absent: the device has no such services.
   */
  adbd?(request: AdbdRequest): string;
  /**
   * Called when adbd restarts (root, unroot, tcpip, usb) or the device reboots: the transport drops every
   * connection, after the answer went out, and refuses new ones for `downMs` (a boot takes a while).
   */
  onAdbdRestart?(listener: (downMs: number) => void): () => void;
  /** `framebuffer:`: adbd's fbinfo (version 2) header, then the screen's pixels. */
  framebuffer?(): Uint8Array;
  /** Product identity sent in CNXN's banner: `device::ro.product.name=…;ro.product.model=…;ro.product.device=…;features=…`. */
  banner(): { productName: string; model: string; device: string };
  shell: VirtualShell;
  fs: VirtualFileSystem;
  sockets: LocalSocketRegistry;
}
