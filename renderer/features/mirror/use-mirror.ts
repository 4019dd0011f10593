// The one mirror of the console: the MirrorPlayer (WebCodecs H.264 from scrcpy, or screenshot polling when the
// stream is unavailable) playing the selected device into an off-screen canvas over the contract's transport;
// the stage shows that canvas in its mirror layer (`present` redraws the layer as each frame lands). Reports
// source, fps and latency to the device-view slice at most twice a second, every frame's timings to the
// frame log, and every real change of the picture (change-detector.ts) to the overlay's staleness tracking.
// Painting pauses while nothing shows the canvas (mirror-canvas.ts); the newest picture is painted on resume.
import { useEffect, useMemo } from 'react';
import { useStore } from '../../app/store';
import { noteMirrorChange, noteMirrorFrame, setMirrorLive } from '../node-tree/staleness';
import { ChangeDetector } from './change-detector';
import { frameLog } from './frame-log';
import { ipcMirrorTransport } from './ipc-mirror-transport';
import { keepMirrorCanvas, mirrorPaintingWanted, onMirrorPaintingWanted } from './mirror-canvas';
import { MirrorPlayer } from './mirror-player';

export function useMirror(serial: string | null, screen: { width: number; height: number } | null, present: () => void): HTMLCanvasElement {
  const canvas = useMemo(() => keepMirrorCanvas(document.createElement('canvas')), []);
  const sw = screen?.width ?? 0;
  const sh = screen?.height ?? 0;

  useEffect(() => {
    if (!serial || sw === 0) return;
    let source: 'stream' | 'screenshots' | 'none' = 'none';
    let reported = 0;
    let reason: string | undefined;
    const changes = new ChangeDetector(canvas, noteMirrorChange);
    const report = (fps: number, latency: number | null) => {
      useStore.getState().setMirror({ source, fps, width: canvas.width, height: canvas.height, latencyP50: latency, ...(reason !== undefined && { reason }) });
    };
    const player = new MirrorPlayer(canvas, ipcMirrorTransport(serial, { width: sw, height: sh }), {
      onMode: (mode, why) => {
        reason = why;
        source = mode === 'stream' || mode === 'screenshots' ? mode : 'none';
        setMirrorLive(source !== 'none');
        report(0, null);
      },
      present,
      onPaint: (stats, _latency, timing) => {
        frameLog.record(timing);
        noteMirrorFrame();
        // Stream: when main read the frame off the device; polling: when the screenshot was requested.
        changes.frame(timing.sentAt ?? timing.paintedAt);
        const now = performance.now();
        if (now - reported < 500) return;
        reported = now;
        report(stats.fps, stats.latencyP50);
      },
    });
    player.start();
    const follow = () => player.setPaused(!mirrorPaintingWanted());
    follow();
    const offWanted = onMirrorPaintingWanted(follow);
    return () => {
      offWanted();
      changes.stop();
      player.stop();
      setMirrorLive(false);
      useStore.getState().setMirror({ source: 'none', fps: 0, width: 0, height: 0, latencyP50: null });
    };
  }, [serial, sw, sh, canvas, present]);

  return canvas;
}
