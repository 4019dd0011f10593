// A FIFO of byte chunks that hands out exact-length slices without re-concatenating on every
// arrival (a 1 MiB payload arrives in ~16 TCP reads; joining each time would be quadratic).

export class ByteQueue {
  private chunks: Uint8Array[] = [];
  private head = 0; // offset into chunks[0]
  private total = 0;

  get length(): number {
    return this.total;
  }

  push(chunk: Uint8Array): void {
    if (chunk.length === 0) return;
    this.chunks.push(chunk);
    this.total += chunk.length;
  }

  /** Removes and returns exactly `n` bytes; the caller checks `length` first. */
  take(n: number): Uint8Array {
    if (n > this.total) throw new RangeError(`ByteQueue.take(${n}) with only ${this.total} bytes queued`);
    const first = this.chunks[0];
    if (first && first.length - this.head >= n) {
      const out = first.subarray(this.head, this.head + n);
      this.advance(n);
      return out;
    }
    const out = new Uint8Array(n);
    let filled = 0;
    while (filled < n) {
      const chunk = this.chunks[0]!;
      const part = Math.min(n - filled, chunk.length - this.head);
      out.set(chunk.subarray(this.head, this.head + part), filled);
      filled += part;
      this.advance(part);
    }
    return out;
  }

  private advance(n: number): void {
    this.head += n;
    this.total -= n;
    while (this.chunks.length > 0 && this.head >= this.chunks[0]!.length) {
      this.head -= this.chunks[0]!.length;
      this.chunks.shift();
    }
  }
}
