// The title bar's two modes: the console (live device, inspector, document) and the receipt debugger.
import { useDebugger } from './debugger-store';

export function ModeTabs() {
  const open = useDebugger((s) => s.open);
  const setOpen = useDebugger((s) => s.setOpen);
  return (
    <span className="mode-tabs">
      <button
        type="button"
        className={`btn${open ? '' : ' on'}`}
        data-testid="mode-console"
        aria-pressed={!open}
        onClick={() => setOpen(false)}
      >
        Console
      </button>
      <button
        type="button"
        className={`btn${open ? ' on' : ''}`}
        data-testid="mode-debugger"
        aria-pressed={open}
        onClick={() => setOpen(true)}
      >
        Debugger
      </button>
    </span>
  );
}
