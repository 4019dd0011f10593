// The device view: the overlay toolbar, the stage (mirror, node-tree overlay, tools, camera) and a status line
// with the mirror source, fps and the hovered node's selector.
import { useState } from 'react';
import { useStore } from '../../app/store';
import { Stage } from '../../stage/Stage';
import type { MirrorStatus } from './slice';
import { OverlayToolbar } from '../node-tree/OverlayToolbar';
import { HoverCard } from '../inspector/HoverCard';
import { CalibratedDragPanel } from '../../tools/calibrated-drag/CalibratedDragPanel';
import { RegionPanel } from '../../tools/region/RegionPanel';
import { OcclusionBadge } from '../occlusion/OcclusionBadge';
import { GestureTimeline } from '../../tools/gesture/Timeline';
import { PinchPanel } from '../../tools/pinch/PinchPanel';
import { StreamSettingsPanel } from '../mirror/StreamSettingsPanel';

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
  const tool = useStore((s) => s.toolId);
  const [streamOpen, setStreamOpen] = useState(false);
  return (
    <section className="panel device-view">
      <OverlayToolbar />
      <div className="stage-row">
        <div className={`stage tool-${tool}`} data-testid="stage">
          {!serial && <div className="empty">Select a device.</div>}
          {serial && !screen && <div className="empty">Reading the device…</div>}
          {serial && screen && <Stage key={serial} serial={serial} screen={screen} />}
          {serial && streamOpen && <StreamSettingsPanel serial={serial} onClose={() => setStreamOpen(false)} />}
        </div>
        {/* A tool's options sit beside the stage, never over the picture. */}
        {tool === 'calibrated-drag' && serial && screen && <CalibratedDragPanel />}
        {tool === 'region' && serial && screen && <RegionPanel />}
      </div>
      {tool === 'gesture' && serial && <GestureTimeline />}
      {tool === 'pinch' && serial && <PinchPanel />}
      <footer className="status-line mono">
        <span data-testid="mirror-status" title={mirror.reason}>{mirrorText(mirror)}</span>
        {serial && (
          <button className={`btn link${streamOpen ? ' on' : ''}`} data-testid="stream-settings-toggle" onClick={() => setStreamOpen(!streamOpen)} title="Stream settings: size, bit rate, max fps, screen off">
            Stream…
          </button>
        )}
        {screen && <span title="device screen">screen {screen.width}×{screen.height}</span>}
        <OcclusionBadge />
        <HoverCard />
      </footer>
    </section>
  );
}
