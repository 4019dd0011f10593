// The inspector's "Add check" buttons on the selected node: each appends an expectation step (checks.ts) to the
// document as one undo step. A value check first reads the control (read_control, read-only) for its value.
import { useState } from 'react';
import type { ObservedNode } from '../../../shared/observation';
import { api, errorText } from '../../app/api';
import { useStore } from '../../app/store';
import { checksFor, checkStep, valueCheck, type CheckKind } from './checks';

const LABELS: Record<CheckKind, string> = { text: 'text', checked: 'checked', value: 'value', presence: 'present' };

async function addValueCheck(node: ObservedNode): Promise<string | null> {
  const serial = useStore.getState().selectedSerial;
  if (!serial || !node.native_selector) return 'no device or no selector';
  const { receipt } = await api().request('device.execute', { serial, envelope: { tool: 'read_control', args: { selector: node.native_selector } } });
  const current = receipt.control?.range?.current;
  if (typeof current !== 'number') return `read_control gave no value${receipt.code ? ` (${receipt.code}: ${receipt.message ?? ''})` : ''}`;
  const step = valueCheck(node, current);
  if (step) useStore.getState().insertSteps([step], { mark: 'add check value' });
  return null;
}

export function AddCheck({ node }: { node: ObservedNode }) {
  const [error, setError] = useState<string | null>(null);
  const kinds = checksFor(node);
  if (kinds.length === 0) return null;
  const add = (kind: CheckKind) => {
    setError(null);
    if (kind === 'value') {
      void addValueCheck(node).then(setError, (e: unknown) => setError(errorText(e)));
      return;
    }
    const step = checkStep(node, kind);
    if (step) useStore.getState().insertSteps([step], { mark: `add check ${kind}` });
  };
  return (
    <div className="add-check" data-testid="add-check">
      <span className="label">Add check</span>
      {kinds.map((k) => (
        <button key={k} className="btn btn-small" data-testid={`add-check-${k}`} onClick={() => add(k)} title={`Append a step that waits until this node's ${LABELS[k]} is as it is now`}>
          {LABELS[k]}
        </button>
      ))}
      {error && <span className="error-line">{error}</span>}
    </div>
  );
}
