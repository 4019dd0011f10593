// One adb transport seen from the device: the CNXN handshake (no AUTH), stream ids, OPEN/OKAY/
// WRTE/CLSE and the reverse tunnel. Works on bytes through PacketSink, so tests drive it without
// sockets; device-server.ts binds it to TCP.

import type { DeviceServices, DeviceStream } from '../device-services';
import { deviceBanner } from './banner';
import {
  A_CLSE,
  A_CNXN,
  A_OKAY,
  A_OPEN,
  A_VERSION_MIN,
  A_VERSION_SKIP_CHECKSUM,
  A_WRTE,
  MAX_PAYLOAD,
  MIN_PAYLOAD,
  encodePacket,
  openPayload,
  type AdbPacket,
} from './packet';
import { AdbPacketParser, AdbProtocolError } from './packet-parser';
import { ReverseForwards } from './reverse-forwards';
import { resolveService } from './services/open-service';
import { AdbStream, type StreamLink } from './stream';

export interface PacketSink {
  send(bytes: Uint8Array): void;
  /** Drop the underlying connection (protocol violation). */
  close(): void;
}

export interface AdbDeviceConnectionOptions {
  services: DeviceServices;
  sink: PacketSink;
  /** Name of this transport in `adb reverse --list`. */
  transportName: string;
  /** Largest payload we accept; defaults to 1 MiB. */
  maxPayload?: number;
}

export class ReverseUnavailableError extends Error {
  override readonly name = 'ReverseUnavailableError';
  readonly code = 'ADB_REVERSE_UNAVAILABLE';
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();

export class AdbDeviceConnection {
  readonly reverse = new ReverseForwards();
  private readonly parser: AdbPacketParser;
  private readonly ourMaxPayload: number;
  private readonly streams = new Map<number, AdbStream>();
  private readonly pendingOpens = new Map<number, { resolve: (s: DeviceStream) => void; reject: (e: Error) => void }>();
  private nextId = 1;
  private version = 0;
  private maxData = MIN_PAYLOAD;
  private dead = false;
  /** adbd is going away (root, unroot, tcpip, usb, reboot): answers still go out, nothing new starts. */
  private restarting = false;
  private readonly link: StreamLink;

  constructor(private readonly options: AdbDeviceConnectionOptions) {
    this.ourMaxPayload = options.maxPayload ?? MAX_PAYLOAD;
    this.parser = new AdbPacketParser(this.ourMaxPayload);
    this.link = {
      sendWrite: (local, remote, payload) => this.send(A_WRTE, local, remote, payload),
      sendOkay: (local, remote) => this.send(A_OKAY, local, remote),
      sendClose: (local, remote) => this.send(A_CLSE, local, remote),
      maxData: () => this.maxData,
      release: (local) => this.streams.delete(local),
    };
  }

  /** True once the host's CNXN was answered. */
  get online(): boolean {
    return this.version !== 0 && !this.dead;
  }

  /** Bytes from the host, split or merged anyhow. */
  receive(chunk: Uint8Array): void {
    if (this.dead) return;
    let packets: AdbPacket[];
    try {
      packets = this.parser.push(chunk);
    } catch (error) {
      if (!(error instanceof AdbProtocolError)) throw error;
      // protocol.txt: an invalid header MUST close the connection; state is out of sync.
      this.options.sink.close();
      this.destroy();
      return;
    }
    for (const packet of packets) {
      if (this.dead) return;
      this.handle(packet);
    }
  }

  /** The transport died: every stream ends (onClose fires, shell signals abort). */
  destroy(): void {
    if (this.dead) return;
    this.dead = true;
    this.resetStreams();
  }

  /**
   * adbd was told to restart: the service that said so finishes its answer, but a stream the host opens now is
   * refused (CLSE) as by an adbd that is exiting, so no command runs with the old adbd's user or mode in the
   * moment before the transport drops.
   */
  refuseNewStreams(): void {
    this.restarting = true;
  }

  /**
   * Opens a stream from the device to the host through an `adb reverse` forward registered for
   * `deviceAddress` (e.g. `tcp:8080`, `localabstract:name`): sends OPEN(host address) and waits
   * for the host's OKAY. Rejects with ReverseUnavailableError when no forward exists or the host refuses.
   */
  openReverse(deviceAddress: string): Promise<DeviceStream> {
    const hostAddress = this.reverse.lookup(deviceAddress);
    if (!this.online) return Promise.reject(new ReverseUnavailableError('transport is not online'));
    if (!hostAddress) return Promise.reject(new ReverseUnavailableError(`no reverse forward for ${deviceAddress}`));
    const localId = this.allocateId();
    return new Promise<DeviceStream>((resolve, reject) => {
      this.pendingOpens.set(localId, { resolve, reject });
      this.send(A_OPEN, localId, 0, openPayload(hostAddress));
    });
  }

  private handle(packet: AdbPacket): void {
    const { command, arg0, arg1, payload } = packet;
    if (command === A_CNXN) return this.handleConnect(arg0, arg1);
    // protocol.txt: anything before CONNECT is ignored. AUTH/STLS never come since we ask for neither.
    if (!this.online) return;
    switch (command) {
      case A_OPEN:
        if (arg0 !== 0 && arg1 === 0) this.handleOpen(arg0, decoder.decode(payload));
        return;
      case A_OKAY:
        return this.handleOkay(arg0, arg1);
      case A_WRTE:
        if (arg0 !== 0) this.streams.get(arg1)?.receive(payload);
        return;
      case A_CLSE:
        return this.handleClose(arg1);
      default:
        // Unknown commands are ignored as adb's handle_packet does.
        return;
    }
  }

  private handleConnect(version: number, maxData: number): void {
    if (version < A_VERSION_MIN || maxData < MIN_PAYLOAD) {
      this.options.sink.close();
      this.destroy();
      return;
    }
    // A repeated CNXN means the host restarted its side of the transport: drop every stream.
    if (this.online) this.resetStreams();
    this.version = Math.min(version, A_VERSION_SKIP_CHECKSUM);
    this.maxData = Math.min(maxData, this.ourMaxPayload);
    const banner = encoder.encode(deviceBanner(this.options.services.banner()));
    this.send(A_CNXN, A_VERSION_SKIP_CHECKSUM, this.ourMaxPayload, banner);
  }

  private handleOpen(remoteId: number, destination: string): void {
    if (this.restarting) {
      this.send(A_CLSE, 0, remoteId);
      return;
    }
    const start = resolveService(destination, {
      services: this.options.services,
      reverse: this.reverse,
      transportName: this.options.transportName,
    });
    if (!start) {
      this.send(A_CLSE, 0, remoteId);
      return;
    }
    const stream = new AdbStream(this.allocateId(), remoteId, this.link, true);
    this.streams.set(stream.localId, stream);
    this.send(A_OKAY, stream.localId, remoteId);
    try {
      start(stream);
    } catch {
      // A failing listener must not break the transport; the host just sees the stream close.
      stream.close();
    }
  }

  private handleOkay(remoteId: number, localId: number): void {
    const pending = this.pendingOpens.get(localId);
    if (pending) {
      this.pendingOpens.delete(localId);
      const stream = new AdbStream(localId, remoteId, this.link, true);
      this.streams.set(localId, stream);
      pending.resolve(stream);
      return;
    }
    this.streams.get(localId)?.acknowledge();
  }

  private handleClose(localId: number): void {
    const pending = this.pendingOpens.get(localId);
    if (pending) {
      this.pendingOpens.delete(localId);
      pending.reject(new ReverseUnavailableError('the host refused the reverse connection'));
      return;
    }
    this.streams.get(localId)?.terminate();
  }

  private resetStreams(): void {
    for (const stream of [...this.streams.values()]) stream.terminate();
    this.streams.clear();
    for (const pending of this.pendingOpens.values()) pending.reject(new ReverseUnavailableError('transport closed'));
    this.pendingOpens.clear();
  }

  private allocateId(): number {
    const id = this.nextId;
    this.nextId = this.nextId >= 0x7fffffff ? 1 : this.nextId + 1;
    return id;
  }

  private send(command: number, arg0: number, arg1: number, payload: Uint8Array = new Uint8Array(0)): void {
    if (this.dead) return;
    const withChecksum = this.version !== 0 && this.version < A_VERSION_SKIP_CHECKSUM;
    this.options.sink.send(encodePacket({ command, arg0, arg1, payload }, withChecksum));
  }
}
