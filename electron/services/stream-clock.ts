// Maps host moments (performance.now() ms) onto a video stream's own time (pts, µs). A frame's arrival is its
// pts plus the clocks' offset plus a latency that varies (encode, socket, a loaded machine; an encoder's first
// frame waits for its process to start): the smallest arrival-minus-pts seen is the best estimate of the offset
// (as in NTP's minimum-delay filter), so one slow frame never shifts the mapping. A pts that goes back means the
// stream's time restarted: the estimate starts over.
export class StreamClock {
  private offsetMs: number | null = null;
  private lastPts = Number.NEGATIVE_INFINITY;

  constructor(from?: StreamClock) {
    if (from) {
      this.offsetMs = from.offsetMs;
      this.lastPts = from.lastPts;
    }
  }

  observe(pts: number, arrived: number): void {
    if (pts < this.lastPts) this.offsetMs = null;
    this.lastPts = pts;
    const offset = arrived - pts / 1000;
    if (this.offsetMs === null || offset < this.offsetMs) this.offsetMs = offset;
  }

  /** The stream time (µs) of a host moment; null before any frame. */
  ptsAt(hostMs: number): number | null {
    return this.offsetMs === null ? null : Math.round((hostMs - this.offsetMs) * 1000);
  }
}
