// The live device picture: keeps the device's aspect ratio inside whatever box it gets, maps pointers to
// device pixels through shared/geometry (never clamped: a point off the picture is reported as such),
// and shows fps, latency and whether it streams or polls screenshots.
import { useEffect, useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';
import { stagePoint, stageToDevice, type DevicePoint, type StagePx } from '../../../shared/geometry';
import type { MirrorStats } from './frame-stats';
import { MirrorPlayer, type MirrorMode } from './mirror-player';
import type { MirrorTransport } from './transport';

export interface MirrorPointer {
  phase: 'down' | 'move' | 'up' | 'cancel';
  pointerId: number;
  /** Device pixels (may lie outside the screen when the pointer left the picture). */
  point: DevicePoint;
}

export interface MirrorViewProps {
  transport: MirrorTransport;
  onPointer?(pointer: MirrorPointer): void;
  /** Hide the fps/latency readout. */
  hideStats?: boolean;
  /** Every painted frame with its latency (ms, null when unknown), for benchmarks and diagnostics. */
  onFrame?(stats: MirrorStats, latencyMs: number | null): void;
}

const PHASES: Record<string, MirrorPointer['phase']> = { pointerdown: 'down', pointermove: 'move', pointerup: 'up', pointercancel: 'cancel' };

export function MirrorView({ transport, onPointer, hideStats, onFrame }: MirrorViewProps) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const [screen, setScreen] = useState<{ width: number; height: number } | null>(null);
  const [mode, setMode] = useState<{ mode: MirrorMode; reason?: string }>({ mode: 'connecting' });
  const [stats, setStats] = useState<MirrorStats | null>(null);
  const down = useRef(new Set<number>());
  const onFrameRef = useRef(onFrame);
  onFrameRef.current = onFrame;

  useEffect(() => {
    const canvas = canvasRef.current!;
    let lastUi = 0;
    const player = new MirrorPlayer(canvas, transport, {
      onMode: (m, reason) => setMode({ mode: m, ...(reason !== undefined && { reason }) }),
      onInfo: (info) => setScreen(info.screen),
      onPaint: (s, latency) => {
        onFrameRef.current?.(s, latency);
        // Re-rendering React per frame would cost more than the frame; 4 readout updates a second suffice.
        const now = performance.now();
        if (now - lastUi > 250) {
          lastUi = now;
          setStats(s);
        }
      },
    });
    player.start();
    return () => player.stop();
  }, [transport]);

  const handlePointer = (e: ReactPointerEvent<HTMLCanvasElement>) => {
    const phase = PHASES[e.type];
    const canvas = canvasRef.current;
    const size = screen ?? (canvas && canvas.width > 0 ? { width: canvas.width, height: canvas.height } : null);
    if (!phase || !onPointer || !canvas || !size) return;
    // Only pressed pointers touch the device: hovering is not a touch.
    if (phase === 'down') {
      down.current.add(e.pointerId);
      canvas.setPointerCapture(e.pointerId);
    } else if (!down.current.has(e.pointerId)) return;
    if (phase === 'up' || phase === 'cancel') down.current.delete(e.pointerId);
    const r = canvas.getBoundingClientRect();
    const picture = { left: r.left as StagePx, top: r.top as StagePx, right: r.right as StagePx, bottom: r.bottom as StagePx };
    const point = stageToDevice(stagePoint(e.clientX, e.clientY), { picture, screen: size });
    onPointer({ phase, pointerId: e.pointerId, point });
  };

  const aspect = screen ? `${screen.width} / ${screen.height}` : '9 / 20';
  return (
    <div className="mirror" style={{ position: 'relative', height: '100%', maxWidth: '100%', aspectRatio: aspect, margin: '0 auto' }}>
      <canvas
        ref={canvasRef}
        data-testid="mirror-canvas"
        style={{ width: '100%', height: '100%', display: 'block', touchAction: 'none', background: '#000' }}
        onPointerDown={handlePointer}
        onPointerMove={handlePointer}
        onPointerUp={handlePointer}
        onPointerCancel={handlePointer}
      />
      {!hideStats && (
        <div className="mirror-stats" style={{ position: 'absolute', top: 4, left: 4, font: '11px monospace', color: '#fff', background: 'rgba(0,0,0,.55)', padding: '2px 6px', borderRadius: 3 }}>
          {mode.mode === 'stream' ? 'H.264' : mode.mode}
          {stats && ` · ${stats.fps} fps`}
          {stats?.latencyP50 != null && ` · ${stats.latencyP50.toFixed(1)} ms`}
          {mode.mode === 'screenshots' && mode.reason && <span title={mode.reason}> · stream unavailable</span>}
        </div>
      )}
    </div>
  );
}
