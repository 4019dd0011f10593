// Serializes writes to one DeviceStream (the transport allows one outstanding write) and tracks how many
// bytes are queued, so the video pump can skip frames instead of building a backlog.
import type { DeviceStream } from '../device-services';

export class OrderedWriter {
  private tail: Promise<void> = Promise.resolve();
  private queued = 0;
  private failed = false;

  constructor(private readonly stream: DeviceStream) {}

  /** Bytes handed to write() and not yet acknowledged by the host. */
  get backlog(): number {
    return this.queued;
  }

  write(...chunks: Uint8Array[]): Promise<void> {
    for (const c of chunks) this.queued += c.length;
    const run = async () => {
      for (const c of chunks) {
        if (this.failed || this.stream.closed) {
          this.queued -= c.length;
          continue;
        }
        try {
          await this.stream.write(c);
        } catch {
          this.failed = true; // the host went away; the stream's onClose ends the session
        } finally {
          this.queued -= c.length;
        }
      }
    };
    this.tail = this.tail.then(run);
    return this.tail;
  }
}
