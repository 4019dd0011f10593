// The grid: every online device's mirror side by side in the centre of the console (instead of the stage), each
// tile with its group tick. The group is the same selection as the device list's (replays run on it; with
// group control on, a tap on a ticked tile taps every ticked device). The stage's own mirror stops while the
// grid is shown (the tiles open their own sessions) and starts again when it closes.
import { useStore } from '../../app/store';
import { MirrorTile } from './MirrorTile';
import './grid.css';

export function MirrorGrid() {
  const devices = useStore((s) => s.devices);
  const group = useStore((s) => s.group);
  const on = useStore((s) => s.groupControl);
  const setOn = useStore((s) => s.setGroupControl);
  const online = devices.filter((d) => d.state === 'device');
  const columns = Math.max(1, Math.min(online.length, 4));
  return (
    <section className="panel mirror-grid" data-testid="mirror-grid">
      <header className="panel-title">
        Grid{' '}
        <span className="count" data-testid="grid-count">
          {online.length}
        </span>
        <span className="dim">
          {group.length === 0 ? 'no group: tick the devices to control together' : `group: ${group.length}`}
        </span>
        <span className="spacer" />
        <button
          type="button"
          className={`btn btn-small group-switch${on ? ' on' : ''}`}
          data-testid="grid-group-control"
          aria-pressed={on}
          disabled={group.length === 0 && !on}
          onClick={() => setOn(!on)}
          title="Group control: a tap on a ticked tile taps every ticked device (normalized coordinates)"
        >
          Group control {on ? 'on' : 'off'}
        </button>
      </header>
      {online.length === 0 && <div className="empty">No device online.</div>}
      <ul className="grid-tiles" style={{ gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))` }}>
        {online.map((row) => (
          <MirrorTile key={row.serial} row={row} />
        ))}
      </ul>
    </section>
  );
}
