// The timeline scrubber: one cell per step in its status colour, the current one raised; a click jumps to a
// step, ←/→ step through, Home/End jump to either end (the keys are the debugger's, see ReceiptDebugger).
import { memo } from 'react';
import type { TimelineStep } from '../../../shared/receipts/foreign';
import { useDebugger } from './debugger-store';
import { STATUS_COLOURS } from './timeline-model';

// Cells only re-render when the step list changes, so a scrub repaints two cells' classes, not the strip.
const Cells = memo(function Cells({ steps }: { steps: TimelineStep[] }) {
  const setIndex = useDebugger((s) => s.setIndex);
  return (
    <>
      {steps.map((s, i) => (
        <button
          key={s.key}
          type="button"
          className="timeline-step"
          data-testid="debugger-step"
          data-index={i}
          data-status={s.status}
          data-tool={s.tool}
          style={{ background: STATUS_COLOURS[s.status] }}
          title={`${i + 1}. ${s.tool} — ${s.badge}${s.code ? ` ${s.code}` : ''}`}
          onClick={() => setIndex(i)}
        />
      ))}
    </>
  );
});

export function Timeline({
  steps,
  index,
  children,
}: {
  steps: TimelineStep[];
  index: number;
  children?: React.ReactNode;
}) {
  const current = steps[index];
  return (
    <div className="debugger-timeline" data-testid="debugger-timeline" data-count={steps.length} data-index={index}>
      <span className="mono timeline-position" data-testid="debugger-position">
        {steps.length === 0 ? '0 / 0' : `${index + 1} / ${steps.length}`}
      </span>
      <div className="timeline-cells" style={{ maxWidth: steps.length * 28 }}>
        <Cells steps={steps} />
        {/* The cursor moves by a transform of a full-width track (a translate's percent is of its own box):
            a scrub step changes no layout here, so it lays out none of the cells. */}
        {current && (
          <span className="timeline-track" style={{ transform: `translateX(${(index / steps.length) * 100}%)` }}>
            <span className="timeline-cursor" style={{ width: `${100 / steps.length}%` }} />
          </span>
        )}
      </div>
      {current && (
        <span className="mono timeline-current" data-testid="debugger-current">
          {current.tool}{' '}
          <span className={`status status-${current.status}`} data-testid="debugger-badge">
            {current.badge}
          </span>
          {current.code ? ` ${current.code}` : ''}
        </span>
      )}
      {children}
    </div>
  );
}
