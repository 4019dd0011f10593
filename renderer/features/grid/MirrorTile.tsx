// One device in the grid: its own mirror (a MirrorPlayer over the contract's transport, the picture scaled to
// the tile), its place in the group (the same selection the device list ticks), and a tap where the tile is
// clicked (grid-tap.ts). The pointer is mapped to the device through shared/geometry's camera, as on the stage.
import { useEffect, useMemo, useRef, useState, type MouseEvent } from 'react';
import { cameraView, fitCamera, stagePoint, stageToDevice, type ScreenSize } from '../../../shared/geometry';
import type { DeviceRow } from '../../../shared/ipc';
import { api, errorText } from '../../app/api';
import { useStore } from '../../app/store';
import { selectDevice } from '../devices/device-actions';
import { ipcMirrorTransport } from '../mirror/ipc-mirror-transport';
import { MirrorPlayer, type MirrorMode } from '../mirror/mirror-player';
import { tapTile } from './grid-tap';

function useTileMirror(
  serial: string,
  screen: ScreenSize | null,
  host: React.RefObject<HTMLDivElement | null>,
): { mode: MirrorMode; fps: number } {
  const canvas = useMemo(() => document.createElement('canvas'), []);
  const [state, setState] = useState<{ mode: MirrorMode; fps: number }>({ mode: 'connecting', fps: 0 });
  useEffect(() => {
    const el = host.current;
    if (!screen || !el) return;
    canvas.className = 'grid-canvas';
    el.appendChild(canvas);
    let reported = 0;
    // Not the console's live session (announce false): the recorder taps the device in view only. The player
    // keeps the newest decoded picture; the tile draws it into its own canvas when a frame is to be painted.
    const player: MirrorPlayer = new MirrorPlayer(ipcMirrorTransport(serial, screen, { maxSize: 0 }, false), {
      onMode: (mode) => setState((s) => ({ ...s, mode })),
      present: () => {
        const image = player.image();
        const size = player.size();
        if (!image || size.width === 0) return;
        if (canvas.width !== size.width || canvas.height !== size.height) {
          canvas.width = size.width;
          canvas.height = size.height;
        }
        canvas.getContext('2d')!.drawImage(image, 0, 0, size.width, size.height);
      },
      onPaint: (stats) => {
        const now = performance.now();
        if (now - reported < 500) return;
        reported = now;
        setState((s) => ({ ...s, fps: stats.fps }));
      },
    });
    player.start();
    return () => {
      player.stop();
      canvas.remove();
    };
  }, [serial, screen, canvas, host]);
  return state;
}

export function MirrorTile({ row }: { row: DeviceRow }) {
  const { serial } = row;
  const [screen, setScreen] = useState<ScreenSize | null>(null);
  const [error, setError] = useState<string | null>(null);
  const host = useRef<HTMLDivElement>(null);
  const inGroup = useStore((s) => s.group.includes(serial));
  const toggle = useStore((s) => s.toggleGroup);
  const selected = useStore((s) => s.selectedSerial === serial);
  useEffect(() => {
    let live = true;
    api()
      .request('device.info', { serial })
      .then(
        (info) => live && setScreen(info.screen),
        (e: unknown) => live && setError(errorText(e)),
      );
    return () => void (live = false);
  }, [serial]);
  const mirror = useTileMirror(serial, screen, host);
  const tap = (e: MouseEvent<HTMLDivElement>) => {
    if (!screen || e.button !== 0) return;
    const r = e.currentTarget.getBoundingClientRect();
    const view = cameraView(fitCamera({ width: r.width, height: r.height }, screen, 0), screen);
    const device = stageToDevice(stagePoint(e.clientX - r.left, e.clientY - r.top), view);
    if (device.x < 0 || device.y < 0 || device.x >= screen.width || device.y >= screen.height) return;
    void tapTile(serial, screen, device);
  };
  return (
    <li
      className={`grid-tile${inGroup ? ' grouped' : ''}${selected ? ' selected' : ''}`}
      data-testid="grid-tile"
      data-serial={serial}
    >
      <header className="grid-tile-head">
        <input
          type="checkbox"
          className="group-check"
          data-testid="grid-group"
          data-serial={serial}
          checked={inGroup}
          onChange={() => toggle(serial)}
          aria-label={`Add ${serial} to the group`}
          title="In the group: group control taps it with the others"
        />
        <span className="grid-tile-name" title={serial}>
          <b>{row.model ?? serial}</b> <span className="dim mono">{serial}</span>
        </span>
        <span className="dim mono" data-testid="grid-status" data-mode={mirror.mode}>
          {error ??
            (mirror.mode === 'stream' || mirror.mode === 'screenshots'
              ? `${mirror.mode} · ${mirror.fps.toFixed(0)} fps`
              : mirror.mode)}
        </span>
        <button
          type="button"
          className="btn btn-small"
          data-testid="grid-open"
          onClick={() => {
            void selectDevice(serial);
            useStore.getState().setGridView(false);
          }}
          title="Open this device on the stage, with every tool"
        >
          Open
        </button>
      </header>
      <div
        className="grid-picture"
        ref={host}
        data-testid="grid-picture"
        data-serial={serial}
        onClick={tap}
        title="Click to tap this device; with group control on, every device ticked in the group"
      />
    </li>
  );
}
