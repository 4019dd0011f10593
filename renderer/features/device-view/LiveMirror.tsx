// The mirror in the device view: the mirror feature's player (WebCodecs H.264 from scrcpy, falling back to
// screenshot polling) on a canvas scaled to the picture box, wired to main through ipcMirrorTransport.
// Its mode and frame rate go to the device-view slice at most twice a second.
import { useEffect, useRef } from 'react';
import { useStore } from '../../app/store';
import { MirrorPlayer } from '../mirror/mirror-player';
import { ipcMirrorTransport } from './ipc-mirror-transport';

export function LiveMirror({ serial, screen, width, height }: { serial: string; screen: { width: number; height: number }; width: number; height: number }) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const { width: sw, height: sh } = screen;

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    let source: 'stream' | 'screenshots' | 'none' = 'none';
    let reported = 0;
    const report = (fps: number, latency: number | null) => {
      useStore.getState().setMirror({ source, fps, width: canvas.width, height: canvas.height, latencyP50: latency });
    };
    const player = new MirrorPlayer(canvas, ipcMirrorTransport(serial, { width: sw, height: sh }), {
      onMode: (mode) => {
        source = mode === 'stream' || mode === 'screenshots' ? mode : 'none';
        report(0, null);
      },
      onPaint: (stats) => {
        const now = performance.now();
        if (now - reported < 500) return;
        reported = now;
        report(stats.fps, stats.latencyP50);
      },
    });
    player.start();
    return () => {
      player.stop();
      useStore.getState().setMirror({ source: 'none', fps: 0, width: 0, height: 0, latencyP50: null });
    };
  }, [serial, sw, sh]);

  return <canvas ref={canvasRef} className="mirror-canvas" data-testid="mirror" style={{ width, height }} />;
}
