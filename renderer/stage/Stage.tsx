// The one stage of the console: a Konva stage owning the mirror picture, the node-tree overlay, the tool layer,
// the preview layer and the current tool's own layer (its surface in the registry: tools/surfaces.ts), all drawn
// through one camera, fitted between the stage's rails (stage-frame.ts). Every pointer is mapped stage → device through
// shared/geometry (cameraView + stageToDevice) and handed to the current tool; Ctrl+wheel (and a trackpad
// pinch, which Chromium reports as Ctrl+wheel) zooms around the pointer, two fingers on a touch screen pinch
// (interrupting the tool), Space-drag or the middle button pans.
import { useCallback, useEffect, useRef, useState } from 'react';
import type Konva from 'konva';
import { Image as KImage, Layer, Shape, Stage as KStage } from 'react-konva';
import {
  cameraView,
  devicePointToNorm,
  isOnScreen,
  pinchCamera,
  stagePoint,
  stageToDevice,
  type ScreenSize,
  type StagePoint,
} from '../../shared/geometry';
import { useStore } from '../app/store';
import { setPointer } from '../features/device-view/pointer';
import { copyMirrorPicture } from '../features/mirror/mirror-picture';
import { useMirror } from '../features/mirror/use-mirror';
import { refreshObservation } from '../features/node-tree/observe';
import { overlayModel } from '../features/node-tree/hit-test';
import type { PointerInfo } from '../tools/state-node';
import { OcclusionLayer } from '../features/occlusion/OcclusionLayer';
import { TOOL_SURFACES } from '../tools/surfaces';
import { currentTool, interruptTool } from '../tools/tools';
import { dpr, effectiveCamera, fittedCamera, minZoom, pan, zoomBy } from './camera-actions';
import { FeedbackLayers } from './FeedbackLayers';
import { OverlayLayers } from './OverlayLayers';
import { PlanLayer, PlanLegend } from './PlanLayer';
import { StageHud } from './StageHud';
import { useStageKeys } from './use-stage-keys';
import { useViewport } from './use-viewport';
import { useApkDrop } from '../features/operator/use-apk-drop';
import { useMirrorTyping } from '../features/typing/use-mirror-typing';

/** Ctrl+wheel: this factor per 100 px of deltaY (one notch). */
const ZOOM_PER_NOTCH = 1.25;

export function Stage({ serial, screen }: { serial: string; screen: ScreenSize }) {
  const box = useRef<HTMLDivElement>(null);
  useMirrorTyping(box);
  useApkDrop(box);
  const viewport = useViewport(box);
  const camera = effectiveCamera(
    useStore((s) => s.camera),
    viewport,
    screen,
  );
  const frozen = useStore((s) => s.frozen);
  const livePlan = useStore((s) => s.livePlan);
  const mirrorLayer = useRef<Konva.Layer>(null);
  const present = useCallback(() => {
    if (!useStore.getState().frozen) mirrorLayer.current?.draw();
  }, []);
  const view = cameraView(camera, screen);
  const pictureBox = {
    left: view.picture.left,
    top: view.picture.top,
    width: view.picture.right - view.picture.left,
    height: view.picture.bottom - view.picture.top,
  };
  const mirror = useMirror(serial, screen, present, viewport.width > 0 ? pictureBox : { width: 0, height: 0 });
  const [still, setStill] = useState<HTMLCanvasElement | null>(null);
  const panning = useRef<{ x: number; y: number } | null>(null);
  const touches = useRef(new Map<number, StagePoint>());
  const pinching = useRef(false);
  const space = useStageKeys(viewport, screen);
  const notice = useStore((s) => s.stageNotice);
  const ToolLayer = TOOL_SURFACES[useStore((s) => s.toolId)].Layer;

  // Where the fitted picture sits (what floats beside the stage keeps clear of it); it changes with the stage's size only.
  useEffect(() => {
    if (viewport.width === 0) return;
    const p = cameraView(fittedCamera(viewport, screen), screen).picture;
    useStore.getState().setFitted({
      picture: { left: p.left, top: p.top, right: p.right, bottom: p.bottom },
      width: viewport.width,
      height: viewport.height,
    });
  }, [viewport, screen]);
  useEffect(() => () => useStore.getState().setFitted(null), []);

  // Freeze holds the frame as it is now; unfreezing observes the tree again.
  const wasFrozen = useRef(false);
  useEffect(() => {
    if (!frozen) {
      setStill(null);
      if (wasFrozen.current) void refreshObservation();
      wasFrozen.current = false;
      return;
    }
    wasFrozen.current = true;
    setStill(copyMirrorPicture(mirror) ?? document.createElement('canvas'));
    interruptTool('frozen');
  }, [frozen, mirror]);

  // The mirror layer's canvas is the picture on the page (tests read its pixels as data-testid="mirror").
  useEffect(() => {
    mirrorLayer.current?.getNativeCanvasElement().setAttribute('data-testid', 'mirror');
  });

  useEffect(() => {
    const onBlur = () => interruptTool('focus-lost');
    // A hidden tab gets no pointer events: a live finger would stay down until main noticed the silence.
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') interruptTool('hidden');
    };
    window.addEventListener('blur', onBlur);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      window.removeEventListener('blur', onBlur);
      document.removeEventListener('visibilitychange', onVisibility);
      interruptTool('device-switched');
      // Another device starts fitted and live.
      useStore.getState().setCamera(null);
      useStore.getState().setFrozen(false);
    };
  }, [serial]);

  // The box's place on the page, read once per press: while a press is held nothing moves the stage, and a read
  // after the panels' per-frame DOM updates would force a layout of the console on every move of a drag.
  const pressRect = useRef<DOMRect | null>(null);
  const locate = useCallback(
    (e: {
      clientX: number;
      clientY: number;
      button: number;
      buttons?: number;
      timeStamp: number;
      altKey?: boolean;
      ctrlKey?: boolean;
      metaKey?: boolean;
      shiftKey?: boolean;
    }): PointerInfo => {
      const held = e.buttons !== undefined && e.buttons !== 0;
      if (!held || !pressRect.current) pressRect.current = held ? box.current!.getBoundingClientRect() : null;
      const r = pressRect.current ?? box.current!.getBoundingClientRect();
      const stage = stagePoint(e.clientX - r.left, e.clientY - r.top);
      const device = stageToDevice(stage, view);
      const stageScale = (view.picture.right - view.picture.left) / screen.width;
      return {
        stage,
        device,
        onScreen: isOnScreen(device.x, device.y, screen),
        button: e.button,
        timeMs: e.timeStamp,
        alt: !!e.altKey,
        ctrl: !!(e.ctrlKey || e.metaKey),
        shift: !!e.shiftKey,
        stageScale,
      };
    },
    [view, screen],
  );

  // Wheel listeners must be non-passive to keep Ctrl+wheel from zooming the page.
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const onWheel = (e: WheelEvent) => {
      e.preventDefault();
      const p = locate(e);
      if (e.ctrlKey || e.metaKey) zoomBy(Math.pow(ZOOM_PER_NOTCH, -e.deltaY / 100), p.stage, viewport, screen);
      else currentTool().wheel({ ...p, deltaY: e.deltaY, deltaX: e.deltaX });
    };
    el.addEventListener('wheel', onWheel, { passive: false });
    return () => el.removeEventListener('wheel', onWheel);
  }, [locate, viewport, screen]);

  // A held button's moves as they arrive (pointerrawupdate: Chromium, secure contexts): the Control tool's live
  // finger follows them instead of waiting up to a frame for the animation-aligned pointermove.
  useEffect(() => {
    const el = box.current;
    if (!el || !('onpointerrawupdate' in window)) return;
    const onRaw = (e: Event) => {
      const p = e as PointerEvent;
      if (p.buttons === 0 || p.pointerType === 'touch' || panning.current) return;
      currentTool().pointerRawMove(locate(p));
    };
    el.addEventListener('pointerrawupdate', onRaw);
    return () => el.removeEventListener('pointerrawupdate', onRaw);
  }, [locate]);

  /** Two fingers: the camera follows them; true when the event belongs to a pinch. */
  const pinch = (e: React.PointerEvent<HTMLDivElement>, phase: 'down' | 'move' | 'up'): boolean => {
    if (e.pointerType !== 'touch') return false;
    const t = touches.current;
    const p = locate(e).stage;
    if (phase === 'up') {
      t.delete(e.pointerId);
      const was = pinching.current;
      if (t.size === 0) pinching.current = false;
      return was;
    }
    if (phase === 'down') {
      t.set(e.pointerId, p);
      if (t.size === 2) {
        pinching.current = true;
        interruptTool('pinch');
      }
      return pinching.current;
    }
    if (!pinching.current || !t.has(e.pointerId)) return pinching.current;
    const before = [...t.values()].slice(0, 2) as [StagePoint, StagePoint];
    t.set(e.pointerId, p);
    const after = [...t.values()].slice(0, 2) as [StagePoint, StagePoint];
    const s = useStore.getState();
    s.setCamera(
      pinchCamera(effectiveCamera(s.camera, viewport, screen), before, after, dpr(), minZoom(viewport, screen)),
    );
    return true;
  };

  const onPointerDown = (e: React.PointerEvent<HTMLDivElement>) => {
    e.currentTarget.setPointerCapture(e.pointerId);
    if (useStore.getState().stageNotice) useStore.getState().setStageNotice(null);
    if (pinch(e, 'down')) return;
    if (e.button === 1 || (e.button === 0 && space.current)) {
      panning.current = { x: e.clientX, y: e.clientY };
      return;
    }
    currentTool().pointerDown(locate(e));
  };

  const onPointerMove = (e: React.PointerEvent<HTMLDivElement>) => {
    // While a press is held the stage has captured the pointer: the move is the stage's alone. Marked handled,
    // the panel separators' document listener skips it — it measures every separator (getBoundingClientRect)
    // on each move, which forced a layout of the whole console after this move's own DOM updates.
    if (e.buttons !== 0) e.preventDefault();
    if (pinch(e, 'move')) return;
    if (panning.current) {
      pan(e.clientX - panning.current.x, e.clientY - panning.current.y, viewport, screen);
      panning.current = { x: e.clientX, y: e.clientY };
      return;
    }
    const p = locate(e);
    const s = useStore.getState();
    setPointer({ device: p.device, norm: devicePointToNorm(p.device, screen), onScreen: p.onScreen });
    const model = overlayModel(s.observation, s.filters);
    s.hover(model ? model.index.hitTest(p.device.x, p.device.y) : -1);
    currentTool().pointerMove(p);
  };

  const onPointerUp = (e: React.PointerEvent<HTMLDivElement>) => {
    if (pinch(e, 'up')) return;
    if (panning.current) {
      panning.current = null;
      return;
    }
    currentTool().pointerUp(locate(e));
  };

  const smooth = camera.zoom * dpr() < 1; // magnified: show device pixels as crisp squares
  return (
    <div
      ref={box}
      className="stage-box"
      data-testid="stage-surface"
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={(e) => {
        pinch(e, 'up');
        interruptTool('focus-lost');
      }}
      onContextMenu={(e) => e.preventDefault()}
      onPointerLeave={() => {
        setPointer(null);
        useStore.getState().hover(-1);
      }}
    >
      {viewport.width > 0 && (
        <KStage width={viewport.width} height={viewport.height} listening={false}>
          <Layer ref={mirrorLayer} listening={false} imageSmoothingEnabled={smooth}>
            {still ? (
              <KImage
                image={still}
                x={camera.x}
                y={camera.y}
                width={pictureBox.width}
                height={pictureBox.height}
                listening={false}
              />
            ) : (
              // The newest decoded VideoFrame, drawn straight onto the layer (scaled once, no intermediate canvas);
              // read at draw time, as a frame is valid only until the next one replaces it.
              <Shape
                x={camera.x}
                y={camera.y}
                width={pictureBox.width}
                height={pictureBox.height}
                listening={false}
                perfectDrawEnabled={false}
                sceneFunc={(ctx, shape) => {
                  const image = mirror.image();
                  if (image) ctx.drawImage(image, 0, 0, shape.width(), shape.height());
                }}
              />
            )}
          </Layer>
          <OverlayLayers camera={camera} viewport={viewport} />
          <OcclusionLayer camera={camera} screen={screen} />
          <FeedbackLayers camera={camera} screen={screen} />
          <PlanLayer plan={livePlan} camera={camera} screen={screen} />
          {ToolLayer && <ToolLayer camera={camera} screen={screen} />}
        </KStage>
      )}
      {/* The picture's rectangle on the page (tests locate it): a transparent layer whose events bubble to the stage. */}
      <div className="picture-box" data-testid="overlay" style={pictureBox} />
      <PlanLegend plan={livePlan} />
      {notice && (
        <div className={`stage-notice ${notice.kind}`} data-testid="stage-notice" role="status">
          {notice.text}
        </div>
      )}
      <StageHud viewport={viewport} screen={screen} camera={camera} />
    </div>
  );
}
