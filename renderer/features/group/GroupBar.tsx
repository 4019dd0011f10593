// Under the device list: how many devices are ticked (a replay runs on all of them) and the live group
// control switch (manual actions go to every ticked device).
import { useStore } from '../../app/store';

export function GroupCheck({ serial, online }: { serial: string; online: boolean }) {
  const group = useStore((s) => s.group);
  const toggle = useStore((s) => s.toggleGroup);
  return (
    <input
      type="checkbox"
      className="group-check"
      data-testid="device-group"
      data-serial={serial}
      disabled={!online}
      checked={group.includes(serial)}
      onClick={(e) => e.stopPropagation()}
      onChange={() => toggle(serial)}
      aria-label={`Add ${serial} to the group`}
      title="Tick several devices to replay on all of them or control them together"
    />
  );
}

export function GroupBar() {
  const group = useStore((s) => s.group);
  const on = useStore((s) => s.groupControl);
  const set = useStore((s) => s.setGroupControl);
  return (
    <div className="group-bar" data-testid="group-bar">
      <span className="dim" data-testid="group-count">
        {group.length === 0 ? 'no group' : `group: ${group.length} device${group.length > 1 ? 's' : ''}`}
      </span>
      <span className="spacer" />
      <button
        className={`btn btn-small group-switch${on ? ' on' : ''}`}
        data-testid="group-control"
        aria-pressed={on}
        disabled={group.length === 0 && !on}
        onClick={() => set(!on)}
        title="Group control: manual actions go to every ticked device (normalized coordinates)"
      >
        Group control {on ? 'on' : 'off'}
      </button>
    </div>
  );
}
