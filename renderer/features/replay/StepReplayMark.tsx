// A step's replay outcome in the steps panel: one mark per device of the replay in view, its cell state,
// with the receipt it links to (click: that receipt opens in the receipts panel), and a failed check's expected
// against actual in words.
import { useStore } from '../../app/store';
import { cellWords } from './replay-actions';

export function StepReplayMark({ stepId, n }: { stepId: string; n: number }) {
  const replay = useStore((s) => s.replay);
  const ids = useStore((s) => s.replayStepIds);
  const toggle = useStore((s) => s.toggleReceipt);
  if (!replay) return null;
  const index = ids.indexOf(stepId);
  const cells = replay.cells.filter((c) => c.step === index);
  if (index < 0 || cells.length === 0) return null;
  const failed = cells.find((c) => c.expected !== null);
  return (
    <span className="step-replay" data-testid={`step-${n}-replay`}>
      {cells.map((c) => (
        <span
          key={c.serial}
          className={`cell-dot cell-${c.state}`}
          data-testid="step-replay-cell"
          data-serial={c.serial}
          data-state={c.state}
          data-expected={c.expected ?? ''}
          data-actual={c.actual ?? ''}
          title={`${c.serial}: ${cellWords(c)}`}
          onClick={(e) => {
            e.stopPropagation();
            if (c.operation_id) toggle(c.operation_id);
          }}
        />
      ))}
      {failed && (
        <span className="mono step-check" data-testid={`step-${n}-check`}>
          expected {failed.expected} · actual {failed.actual ?? 'nothing read'}
        </span>
      )}
    </span>
  );
}
