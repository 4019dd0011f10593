// Stop: cancels the console's operations in flight and the operation holding the selected device's lock (any
// client's: the device list shows the holder), through device.cancel; Esc does the same from anywhere while
// one runs. The executor stops between events and the receipt says `cancelled` (or partial/unknown if input
// already went out).
import { useEffect } from 'react';
import { useStore, type AppState } from '../../app/store';
import { cancelInFlight } from './operations';

function deviceBusy(s: AppState): boolean {
  const row = s.devices.find((d) => d.serial === s.selectedSerial);
  return row !== undefined && (row.lock.state === 'held' || row.lock.state === 'uncertain');
}

const stop = () => void cancelInFlight(useStore.getState().selectedSerial);

export function StopButton() {
  const own = useStore((s) => s.operationIds.length > 0);
  const busy = useStore(deviceBusy);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape' || (useStore.getState().operationIds.length === 0 && !deviceBusy(useStore.getState())))
        return;
      stop();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
  return (
    <button
      className="btn"
      data-testid="stop"
      disabled={!own && !busy}
      onClick={stop}
      title="Stop the operation in flight (Esc)"
    >
      Stop
    </button>
  );
}
