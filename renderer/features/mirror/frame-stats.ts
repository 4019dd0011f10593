// Rolling mirror figures: frames painted per second over the last second, latency percentiles over the
// last 120 frames. Pure.

export interface MirrorStats {
  fps: number;
  /** ms, frame left the device socket (or was captured) → painted; null when unknown. */
  latencyP50: number | null;
  latencyP99: number | null;
  framesPainted: number;
  framesDropped: number;
}

const WINDOW_MS = 1000;
const LATENCY_SAMPLES = 120;

export function percentile(sorted: readonly number[], p: number): number | null {
  if (sorted.length === 0) return null;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

export class FrameStats {
  private paints: number[] = [];
  private latencies: number[] = [];
  private painted = 0;
  private dropped = 0;

  recordPaint(atMs: number, latencyMs: number | null): void {
    this.painted++;
    this.paints.push(atMs);
    while (this.paints.length > 0 && this.paints[0]! < atMs - WINDOW_MS) this.paints.shift();
    if (latencyMs !== null) {
      this.latencies.push(latencyMs);
      if (this.latencies.length > LATENCY_SAMPLES) this.latencies.shift();
    }
  }

  droppedFrames(n: number): void {
    this.dropped += n;
  }

  snapshot(nowMs: number): MirrorStats {
    const recent = this.paints.filter((t) => t >= nowMs - WINDOW_MS).length;
    const sorted = [...this.latencies].sort((a, b) => a - b);
    return {
      fps: recent,
      latencyP50: percentile(sorted, 50),
      latencyP99: percentile(sorted, 99),
      framesPainted: this.painted,
      framesDropped: this.dropped,
    };
  }
}
