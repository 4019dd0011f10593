// The device view: the mirror with the node-tree overlay on top, sized to fit while keeping the device's
// aspect ratio; a status line with the mirror source, fps and the hovered node's selector.
import { useRef } from 'react';
import { useStore } from '../../app/store';
import type { MirrorStatus } from './slice';
import { NodeOverlay } from '../node-tree/NodeOverlay';
import { OverlayToolbar } from '../node-tree/OverlayToolbar';
import { HoverCard } from '../inspector/HoverCard';
import { LiveMirror } from './LiveMirror';
import { useFit } from './use-fit';

function mirrorText(m: MirrorStatus): string {
  if (m.source === 'none') return 'mirror: connecting…';
  const latency = m.latencyP50 !== null ? ` · ${m.latencyP50.toFixed(1)} ms` : '';
  const size = m.width > 0 ? ` ${m.width}×${m.height}` : '';
  return `mirror: ${m.source}${size} · ${m.fps.toFixed(1)} fps${latency}`;
}

export function DeviceView() {
  const serial = useStore((s) => s.selectedSerial);
  const screen = useStore((s) => s.observation?.screen ?? s.deviceInfo?.screen ?? null);
  const mirror = useStore((s) => s.mirror);
  const mode = useStore((s) => s.mode);
  const stageRef = useRef<HTMLDivElement>(null);
  const fit = useFit(stageRef, screen);
  return (
    <section className="panel device-view">
      <OverlayToolbar />
      <div className={`stage mode-${mode}`} ref={stageRef} data-testid="stage">
        {!serial && <div className="empty">Select a device.</div>}
        {serial && !screen && <div className="empty">Reading the device…</div>}
        {serial && screen && fit && (
          <div className="picture" style={{ width: fit.width, height: fit.height }}>
            <LiveMirror serial={serial} screen={screen} width={fit.width} height={fit.height} />
            <NodeOverlay width={fit.width} height={fit.height} screen={screen} />
          </div>
        )}
      </div>
      <footer className="status-line mono">
        <span data-testid="mirror-status">{mirrorText(mirror)}</span>
        {screen && <span title="device screen">screen {screen.width}×{screen.height}</span>}
        <HoverCard />
      </footer>
    </section>
  );
}
