// The last send read back: status, backend, and one row per planned motion event with its planned time, the
// time the backend dispatched it (rebased to the first down) and the timing error.
import { useEditor } from './editor-store';

export function ReadbackView() {
  const r = useEditor((s) => s.readback);
  if (!r) return null;
  return (
    <div className="gesture-readback" data-testid="gesture-readback" data-status={r.status}>
      <div
        data-testid="gesture-readback-summary"
        data-max-error-ms={r.maxAbsErrorMs ?? ''}
        data-events={r.events.length}
      >
        sent: {r.status}
        {r.code ? ` (${r.code})` : ''} via {r.backend ?? 'nothing'} · {r.events.length} planned events
        {r.maxAbsErrorMs !== null && ` · worst timing error ${r.maxAbsErrorMs} ms`}
        {r.note && ` · ${r.note}`}
      </div>
      <table className="mono">
        <thead>
          <tr>
            <th>#</th>
            <th>event</th>
            <th>planned</th>
            <th>dispatched</th>
            <th>error</th>
          </tr>
        </thead>
        <tbody>
          {r.events.map((e, i) => (
            <tr key={i} data-testid="gesture-readback-event">
              <td>{i}</td>
              <td>{e.action}</td>
              <td>{e.plannedMs} ms</td>
              <td>{e.dispatchedMs === null ? '—' : `${e.dispatchedMs} ms`}</td>
              <td className={e.errorMs !== null && Math.abs(e.errorMs) > 8 ? 'late' : ''}>
                {e.errorMs === null ? '—' : `${e.errorMs > 0 ? '+' : ''}${e.errorMs} ms`}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
