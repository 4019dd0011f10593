// The seam between the adb device transport (virtual-device/adb/) and the simulated Android
// (virtual-device/android/). The transport speaks the adb wire protocol and knows nothing of
// Android; the simulation implements these small interfaces and knows nothing of adb packets.
// Tests fake either side through these interfaces (architecture.md practice 2).

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
}

/** The device's file system, shared by `sync:` (push/pull/ls) and shell commands (ls, cat, rm, screencap FILE, uiautomator dump FILE). */
export interface VirtualFileSystem {
  stat(path: string): VirtualFileStat | null;
  list(path: string): Array<{ name: string } & VirtualFileStat> | null;
  read(path: string): Uint8Array | null;
  /**
   * Creates or replaces a regular file; `mode` is the permission bits (a file-type part is ignored).
   * The parent directory must exist. Throws an FsError (fs/fs-error.ts) with an errno code
   * (ENOENT, ENOTDIR, EISDIR, EROFS) that `fsErrorText` turns into Android's wording.
   */
  write(path: string, data: Uint8Array, mode: number, mtime: number): void;
  /** `mkdir -p`: creates the directory and missing parents, keeps existing ones; throws FsError (ENOTDIR, EROFS). */
  mkdir(path: string, mode: number, mtime?: number): void;
  /** Removes a file, or a directory with everything below it (callers decide about `rm -r`). */
  remove(path: string): boolean;
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

/** Everything the adb transport needs from the device behind it. */
export interface DeviceServices {
  /** Product identity sent in CNXN's banner: `device::ro.product.name=…;ro.product.model=…;ro.product.device=…;features=…`. */
  banner(): { productName: string; model: string; device: string };
  shell: VirtualShell;
  fs: VirtualFileSystem;
  sockets: LocalSocketRegistry;
}
