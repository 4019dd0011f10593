// Device-side socket listeners (`localabstract:NAME`, `tcp:PORT`, …) that adb OPENs connect to, and the
// other direction: a device process connecting to an address that adbd listens on for `adb reverse`.
import type { DeviceStream, LocalSocketRegistry } from '../device-services';

export class LocalSockets implements LocalSocketRegistry {
  private readonly listeners = new Map<string, (stream: DeviceStream) => void>();
  private reverse: ((address: string) => Promise<DeviceStream>) | null = null;

  /** Where `adb reverse` forwards live (the adb transport sets it); without it, outbound connects are refused. */
  setReverseTunnel(open: ((address: string) => Promise<DeviceStream>) | null): void {
    this.reverse = open;
  }

  /**
   * LocalSocket.connect from a device process: reaches adbd's listener for an `adb reverse` forward of
   * `address` (the host end), or fails as connect() does with nothing listening.
   */
  connectOut(address: string): Promise<DeviceStream> {
    if (!this.reverse) return Promise.reject(new Error(`Connection refused: ${address}`));
    return this.reverse(address);
  }

  listen(address: string, accept: (stream: DeviceStream) => void): () => void {
    if (this.listeners.has(address)) throw new Error(`Address already in use: ${address}`);
    this.listeners.set(address, accept);
    return () => {
      if (this.listeners.get(address) === accept) this.listeners.delete(address);
    };
  }

  connect(address: string): ((stream: DeviceStream) => void) | null {
    return this.listeners.get(address) ?? null;
  }
}
