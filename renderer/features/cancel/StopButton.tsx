// Stop: cancels the console's operations in flight (device.cancel); Esc does the same from anywhere while one
// runs. The executor stops between events and the receipt says `cancelled` (or partial/unknown if input went out).
import { useEffect } from 'react';
import { cancelInFlight, useOperations } from './operations';

export function StopButton() {
  const running = useOperations((s) => s.ids.length > 0);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape' || useOperations.getState().ids.length === 0) return;
      e.preventDefault();
      void cancelInFlight();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
  return (
    <button className="btn" data-testid="stop" disabled={!running} onClick={() => void cancelInFlight()} title="Stop the operation in flight (Esc)">
      Stop
    </button>
  );
}
