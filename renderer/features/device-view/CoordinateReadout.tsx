// Live pointer position in device pixels and in the contract's normalized 0..1000 space.
import { useStore } from '../../app/store';
import { usePointer } from './pointer';

export function CoordinateReadout() {
  const pointer = usePointer((s) => s.pointer);
  const screen = useStore((s) => s.observation?.screen ?? s.deviceInfo?.screen ?? null);
  if (!pointer)
    return (
      <div className="readout mono" data-testid="readout">
        — px · — norm
      </div>
    );
  const { device, norm, onScreen } = pointer;
  return (
    <div
      className={`readout mono${onScreen ? '' : ' off'}`}
      data-testid="readout"
      title={screen ? `screen ${screen.width}×${screen.height}` : undefined}
    >
      <span>
        px <b>{device.x}</b>, <b>{device.y}</b>
      </span>
      <span>
        norm <b>{norm.x.toFixed(1)}</b>, <b>{norm.y.toFixed(1)}</b>
      </span>
      {!onScreen && <span className="warn">off-screen</span>}
    </div>
  );
}
