// The overlay canvas over the mirror: draws every shown node's box, hit-tests the pointer on every move
// (hover highlight, coordinate readout), selects on click in Inspect mode, and turns mouse gestures into
// actions in Control mode. The boxes sit on a base canvas drawn once per observation; hover and selection are
// painted on the canvas above by a store subscription, bypassing React.
import { useEffect, useRef, type PointerEvent, type WheelEvent } from 'react';
import { devicePointToNorm, isOnScreen, stagePoint, stagePx, stageToDevice, type ScreenSize } from '../../../shared/geometry';
import { useStore } from '../../app/store';
import { dragEnvelope, longPressEnvelope, tapEnvelope, wheelSwipeEnvelope } from '../manual-control/envelopes';
import { GestureRecognizer, type Gesture } from '../manual-control/gesture-recognizer';
import { sendAction } from '../manual-control/send-action';
import { HighlightPainter, drawBase } from './overlay-renderer';
import { useOverlayIndex } from './use-overlay-index';

function gestureEnvelope(g: Gesture, screen: ScreenSize) {
  if (g.kind === 'tap') return tapEnvelope(g.at, screen);
  if (g.kind === 'long_press') return longPressEnvelope(g.at, screen, g.durationMs);
  return dragEnvelope(g.from, g.to, g.durationMs);
}

export function NodeOverlay({ width, height, screen }: { width: number; height: number; screen: ScreenSize }) {
  const baseRef = useRef<HTMLCanvasElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const model = useOverlayIndex(width, height);
  const recognizer = useRef(new GestureRecognizer());
  const wheel = useRef<{ notches: number; timer: number | null }>({ notches: 0, timer: null });
  const dpr = window.devicePixelRatio || 1;

  useEffect(() => {
    const base = baseRef.current?.getContext('2d');
    const ctx = canvasRef.current?.getContext('2d');
    if (!ctx || !base) return;
    const size = { width, height, dpr };
    drawBase(base, size, model?.paths ?? null);
    const painter = new HighlightPainter(ctx, size);
    painter.reset();
    const paint = () => {
      const s = useStore.getState();
      painter.paint(model?.index ?? null, s.hovered, s.selected);
    };
    paint();
    return useStore.subscribe((s, prev) => {
      if (s.hovered !== prev.hovered || s.selected !== prev.selected) paint();
    });
  }, [model, width, height, dpr]);

  // A wheel burst still pending when the overlay goes away (device switched) must not scroll afterwards.
  useEffect(() => () => {
    const w = wheel.current;
    if (w.timer !== null) window.clearTimeout(w.timer);
    w.timer = null;
  }, []);

  const locate = (e: PointerEvent | WheelEvent) => {
    const rect = e.currentTarget.getBoundingClientRect();
    const stage = stagePoint(e.clientX - rect.left, e.clientY - rect.top);
    const view = model?.view ?? { picture: { left: stagePx(0), top: stagePx(0), right: stagePx(width), bottom: stagePx(height) }, screen };
    const device = stageToDevice(stage, view);
    return { stage, device };
  };

  const onMove = (e: PointerEvent<HTMLCanvasElement>) => {
    const { stage, device } = locate(e);
    const s = useStore.getState();
    s.setPointer({ device, norm: devicePointToNorm(device, screen), onScreen: isOnScreen(device.x, device.y, screen) });
    s.hover(model ? model.index.hitTest(stage.x, stage.y) : -1);
    recognizer.current.move(stage);
  };

  const onDown = (e: PointerEvent<HTMLCanvasElement>) => {
    if (e.button !== 0) return;
    const { stage, device } = locate(e);
    const s = useStore.getState();
    if (s.mode === 'inspect') {
      s.select(model ? model.index.hitTest(stage.x, stage.y) : -1);
      return;
    }
    e.currentTarget.setPointerCapture(e.pointerId);
    recognizer.current.down(stage, device, e.timeStamp);
  };

  const onUp = (e: PointerEvent<HTMLCanvasElement>) => {
    if (useStore.getState().mode !== 'control') return;
    const { device } = locate(e);
    const gesture = recognizer.current.up(device, e.timeStamp);
    if (gesture) void sendAction(gestureEnvelope(gesture, screen));
  };

  const onWheel = (e: WheelEvent<HTMLCanvasElement>) => {
    if (useStore.getState().mode !== 'control') return;
    const { device } = locate(e);
    const w = wheel.current;
    // One swipe per burst of wheel events (a notch is ~100 px of deltaY), sent when the wheel rests for 150 ms.
    w.notches += e.deltaY / 100;
    if (w.timer !== null) window.clearTimeout(w.timer);
    w.timer = window.setTimeout(() => {
      const notches = Math.round(w.notches) || Math.sign(w.notches);
      w.notches = 0;
      w.timer = null;
      if (notches !== 0) void sendAction(wheelSwipeEnvelope(device, screen, notches));
    }, 150);
  };

  return (
    <>
      <canvas ref={baseRef} className="overlay-base" width={Math.round(width * dpr)} height={Math.round(height * dpr)} style={{ width, height }} />
      <canvas
        ref={canvasRef}
        className="overlay-canvas"
        data-testid="overlay"
        width={Math.round(width * dpr)}
        height={Math.round(height * dpr)}
        style={{ width, height }}
        onPointerMove={onMove}
        onPointerDown={onDown}
        onPointerUp={onUp}
        onPointerCancel={() => recognizer.current.cancel()}
        onLostPointerCapture={() => recognizer.current.phase !== 'idle' && recognizer.current.cancel()}
        onPointerLeave={() => {
          useStore.getState().setPointer(null);
          useStore.getState().hover(-1);
        }}
        onWheel={onWheel}
      />
    </>
  );
}
