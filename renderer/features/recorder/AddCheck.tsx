// The inspector's "Add check" buttons on the selected node: each appends an expectation step (checks.ts) to the
// document as one undo step — with "verify" ticked, the wait and then its expect_* step. A value check first reads
// the control (read_control, read-only) for its value.
import { useState } from 'react';
import type { ToolEnvelope } from '../../../shared/actions';
import type { ObservedNode } from '../../../shared/observation';
import { api, errorText } from '../../app/api';
import { useStore } from '../../app/store';
import { canExpect, checksFor, checkStep, expectStep, valueCheck, type CheckKind } from './checks';

const LABELS: Record<CheckKind, string> = { text: 'text', checked: 'checked', value: 'value', presence: 'present' };

/** The wait, and its expect_* step when verifying. */
function withExpect(
  wait: ToolEnvelope | null,
  node: ObservedNode,
  kind: CheckKind,
  verify: boolean,
  current?: number,
): ToolEnvelope[] {
  const expect = verify ? expectStep(node, kind, current) : null;
  return [wait, expect].filter((e): e is ToolEnvelope => e !== null);
}

async function addValueCheck(node: ObservedNode, verify: boolean): Promise<string | null> {
  const serial = useStore.getState().selectedSerial;
  if (!serial || !node.native_selector) return 'no device or no selector';
  const { receipt } = await api().request('device.execute', {
    serial,
    envelope: { tool: 'read_control', args: { selector: node.native_selector } },
  });
  const current = receipt.control?.range?.current;
  if (typeof current !== 'number')
    return `read_control gave no value${receipt.code ? ` (${receipt.code}: ${receipt.message ?? ''})` : ''}`;
  useStore
    .getState()
    .insertSteps(withExpect(valueCheck(node, current), node, 'value', verify, current), { mark: 'add check value' });
  return null;
}

export function AddCheck({ node }: { node: ObservedNode }) {
  const [error, setError] = useState<string | null>(null);
  const [verify, setVerify] = useState(false);
  const kinds = checksFor(node);
  if (kinds.length === 0) return null;
  const add = (kind: CheckKind) => {
    setError(null);
    if (kind === 'value') {
      void addValueCheck(node, verify).then(setError, (e: unknown) => setError(errorText(e)));
      return;
    }
    useStore
      .getState()
      .insertSteps(withExpect(checkStep(node, kind), node, kind, verify), { mark: `add check ${kind}` });
  };
  return (
    <div className="add-check" data-testid="add-check">
      <span className="label">Add check</span>
      {kinds.map((k) => (
        <button
          key={k}
          className="btn btn-small"
          data-testid={`add-check-${k}`}
          onClick={() => add(k)}
          title={`Append a step that waits until this node's ${LABELS[k]} is as it is now`}
        >
          {LABELS[k]}
        </button>
      ))}
      {canExpect(node) && (
        <label
          className="add-check-verify"
          title="Also append seed 004's expect_* step after the wait: the replay fails (EXPECTATION_FAILED) if the node does not show it"
        >
          <input
            type="checkbox"
            data-testid="add-check-expect"
            checked={verify}
            onChange={(e) => setVerify(e.target.checked)}
          />{' '}
          verify
        </label>
      )}
      {error && <span className="error-line">{error}</span>}
    </div>
  );
}
