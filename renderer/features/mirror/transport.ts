// How the mirror gets its pictures. The console wires this to the IPC/WebSocket bridge; tests and the
// benchmark implement it over a local WebSocket (see wire.ts for a binary framing both sides can share).

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
}

export interface MirrorStreamHandlers {
  onInfo(info: MirrorStreamInfo): void;
  onPacket(packet: MirrorPacket): void;
  /** The stream ended; `error` explains why when it was not closed on purpose. */
  onEnd(error?: string): void;
}

export interface MirrorScreenshot {
  png: Blob;
  /** Epoch ms when the device captured it, when known. */
  capturedAt?: number;
  screen: { width: number; height: number };
}

export interface MirrorTransport {
  /** Starts the live stream; returns a function that stops it. */
  openStream(handlers: MirrorStreamHandlers): () => void;
  /** Asks the device for a new keyframe (scrcpy RESET_VIDEO) after frames were dropped. */
  requestKeyframe?(): void;
  screenshot(): Promise<MirrorScreenshot>;
}
