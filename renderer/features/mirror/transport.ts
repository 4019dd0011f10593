// How the mirror gets its pictures: the console wires it to main through the typed contract (over Electron IPC
// or the loopback bridge), see ipc-mirror-transport.ts.

export interface MirrorStreamInfo {
  deviceName: string;
  /** Encoded video size (may be smaller than the screen with max_size). */
  video: { width: number; height: number };
  /** Device screen in pixels: pointer positions map to this. */
  screen: { width: number; height: number };
}

export interface MirrorPacket {
  type: 'configuration' | 'data';
  keyframe?: boolean;
  /** H.264 Annex B. */
  data: Uint8Array;
  /** Epoch ms when the packet left the device's video socket (for latency figures), when known. */
  sentAt?: number;
  /** Presentation time (µs, device clock) of a data packet, when known: joins a frame to its device-side timings. */
  pts?: number;
}

export interface MirrorStreamHandlers {
  onInfo(info: MirrorStreamInfo): void;
  onPacket(packet: MirrorPacket): void;
  /** The stream ended; `error` explains why when it was not closed on purpose. */
  onEnd(error?: string): void;
}

export interface MirrorScreenshot {
  png: Blob;
  screen: { width: number; height: number };
}

export interface MirrorTransport {
  /** Starts the live stream; returns a function that stops it. */
  openStream(handlers: MirrorStreamHandlers): () => void;
  /** Asks the device for a new keyframe (scrcpy RESET_VIDEO) when the decoder lost its reference. */
  requestKeyframe?(): void;
  screenshot(): Promise<MirrorScreenshot>;
}
