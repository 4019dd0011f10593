// The one mirror of the console: the MirrorPlayer (WebCodecs H.264 from scrcpy, or screenshot polling when the
// stream is unavailable) playing the selected device over the contract's transport; the stage draws its picture
// (the decoded VideoFrame) in its mirror layer (`present` redraws the layer when a new frame is to be painted).
// The stream is asked at the size the stage shows (stream-size.ts) unless the device's stream settings fix it,
// and asked again — the player switches streams without a blank — when the stage is resized or zoomed beyond
// it or far below it, or when the settings change. Reports source, fps and latency to the device-view slice at
// most twice a second, every frame's timings to the frame log, and every real change of the picture
// (change-detector.ts) to the overlay's staleness tracking. Painting pauses while nothing shows the picture
// (mirror-picture.ts); the newest picture is painted on resume.
import { useEffect, useMemo, useRef, useState } from 'react';
import { api } from '../../app/api';
import { useStore } from '../../app/store';
import { noteMirrorChange, noteMirrorFrame, setMirrorLive } from '../node-tree/staleness';
import { ChangeDetector } from './change-detector';
import { frameLog } from './frame-log';
import { ipcMirrorTransport, type StreamRequest } from './ipc-mirror-transport';
import { keepMirrorPicture, mirrorPaintingWanted, onMirrorPaintingWanted, type MirrorPicture } from './mirror-picture';
import { MirrorPlayer } from './mirror-player';
import { streamSettingsOf, useStreamSettings, type StreamSettings } from './stream-settings';
import { needsRenegotiation, stageMaxSize } from './stream-size';

/** A zoom or resize settles before the stream is asked again (a restart costs a fraction of a second). */
const RENEGOTIATE_AFTER_MS = 400;

function requestFor(settings: StreamSettings, stageSize: number): StreamRequest {
  return {
    maxSize: settings.maxSize === 'stage' ? stageSize : settings.maxSize,
    bitRate: settings.bitRate,
    maxFps: settings.maxFps,
  };
}

/**
 * @param shown the picture's size as drawn on the stage, CSS px (the camera's zoom included); 0×0 while the
 * stage is not laid out or hidden (the debugger covers the console): the running stream is kept as it is then.
 */
export function useMirror(
  serial: string | null,
  screen: { width: number; height: number } | null,
  present: () => void,
  shown: { width: number; height: number },
): MirrorPicture {
  const player = useRef<MirrorPlayer | null>(null);
  const picture = useMemo(
    () =>
      keepMirrorPicture({
        image: () => player.current?.image() ?? null,
        size: () => player.current?.size() ?? { width: 0, height: 0 },
      }),
    [],
  );
  const sw = screen?.width ?? 0;
  const sh = screen?.height ?? 0;
  const settings = useStreamSettings(serial);
  const visible = shown.width > 0 && sw > 0;
  const stageSize = visible ? stageMaxSize(shown, window.devicePixelRatio || 1, { width: sw, height: sh }) : null;
  const latestStageSize = useRef(0);
  if (stageSize !== null) latestStageSize.current = stageSize;
  /** What the running stream was asked with, and whether its size followed the stage. */
  const asked = useRef<{ request: StreamRequest; stageSized: boolean } | null>(null);

  // The first stream is asked once the stage is laid out, at the size it shows; hiding the stage later stops nothing.
  const [laidOut, setLaidOut] = useState(false);
  if (visible && !laidOut) setLaidOut(true);
  useEffect(() => {
    if (!serial || sw === 0 || !laidOut) return;
    let source: 'stream' | 'screenshots' | 'none' = 'none';
    let reported = 0;
    let reason: string | undefined;
    const changes = new ChangeDetector(picture, noteMirrorChange);
    const report = (fps: number, latency: number | null) => {
      const size = picture.size();
      useStore.getState().setMirror({
        source,
        fps,
        width: size.width,
        height: size.height,
        latencyP50: latency,
        ...(reason !== undefined && { reason }),
      });
    };
    const first = streamSettingsOf(serial);
    const request = requestFor(first, latestStageSize.current);
    asked.current = { request, stageSized: first.maxSize === 'stage' };
    const p = new MirrorPlayer(ipcMirrorTransport(serial, { width: sw, height: sh }, request), {
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
    player.current = p;
    p.start();
    if (streamSettingsOf(serial).screenOff)
      void api()
        .request('mirror.screen-off', { serial, off: true })
        .catch(() => undefined);
    const follow = () => p.setPaused(!mirrorPaintingWanted());
    follow();
    const offWanted = onMirrorPaintingWanted(follow);
    return () => {
      offWanted();
      changes.stop();
      p.stop();
      player.current = null;
      asked.current = null;
      setMirrorLive(false);
      useStore.getState().setMirror({ source: 'none', fps: 0, width: 0, height: 0, latencyP50: null });
    };
  }, [serial, sw, sh, picture, present, laidOut]);

  // Another size or other settings: the same player switches to a new stream once the stage has settled.
  useEffect(() => {
    if (!serial || sw === 0 || stageSize === null) return;
    const timer = window.setTimeout(() => {
      const p = player.current;
      if (!asked.current || !p) return;
      const { request: now, stageSized } = asked.current;
      const next = requestFor(settings, stageSize);
      const followsStage = settings.maxSize === 'stage';
      const sameSettings = next.bitRate === now.bitRate && next.maxFps === now.maxFps && followsStage === stageSized;
      const resize = followsStage
        ? needsRenegotiation(now.maxSize, next.maxSize, { width: sw, height: sh })
        : next.maxSize !== now.maxSize;
      if (sameSettings && !resize) return;
      asked.current = { request: next, stageSized: followsStage };
      p.switchStream(ipcMirrorTransport(serial, { width: sw, height: sh }, next));
    }, RENEGOTIATE_AFTER_MS);
    return () => window.clearTimeout(timer);
  }, [serial, sw, sh, stageSize, settings]);

  return picture;
}
