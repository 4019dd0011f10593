// Device-side socket listeners (`localabstract:NAME`, `tcp:PORT`, …) that adb OPENs connect to.
import type { DeviceStream, LocalSocketRegistry } from '../device-services';

export class LocalSockets implements LocalSocketRegistry {
  private readonly listeners = new Map<string, (stream: DeviceStream) => void>();

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
