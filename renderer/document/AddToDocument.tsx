// "Add to document": appends the last call sent by hand from the console (as sent, valid or refused) to the
// document as a new step. The recorder builds on this path.
import { useStore } from '../app/store';

export function AddToDocument() {
  const last = useStore((s) => s.lastManualCall);
  const addStep = useStore((s) => s.addStep);
  return (
    <button
      className="btn"
      data-testid="add-to-document"
      disabled={last === null}
      onClick={() => last && addStep(last, 'manual')}
      title={
        last
          ? `Add the last action (${last.tool}) to the document as a step`
          : 'Send an action first; it can then be added to the document'
      }
    >
      + Step
    </button>
  );
}
