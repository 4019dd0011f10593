// The steps panel's edits on the selection, each one named undo step: duplicate (copies after the last
// selected), group (consecutive steps into one action_sequence), drag-reorder.
import { useStore } from '../app/store';
import { groupSteps } from './group-steps';

function selectedInOrder() {
  const { steps, selection } = useStore.getState().document;
  const chosen = new Set(selection);
  return steps.map((s, i) => ({ step: s, i })).filter((x) => chosen.has(x.step.id));
}

export function duplicateSelection(): void {
  const picked = selectedInOrder();
  if (picked.length === 0) return;
  const at = picked[picked.length - 1]!.i + 1;
  const mark = picked.length === 1 ? `duplicate ${picked[0]!.step.envelope.tool}` : `duplicate ${picked.length} steps`;
  useStore.getState().insertSteps(
    picked.map((p) => structuredClone(p.step.envelope)),
    { mark, at },
  );
}

/** Groups the selected steps; returns what went wrong (or the notes on what changed), null when silent. */
export function groupSelection(): { ok: boolean; text: string | null } {
  const picked = selectedInOrder();
  if (picked.some((p, k) => k > 0 && p.i !== picked[k - 1]!.i + 1))
    return { ok: false, text: 'only consecutive steps can be grouped' };
  const grouped = groupSteps(
    picked.map((p) => p.step.envelope),
    (picked[0]?.i ?? 0) + 1,
  );
  if (!grouped.ok) return { ok: false, text: grouped.reason };
  useStore.getState().replaceSteps(
    picked.map((p) => p.step.id),
    grouped.envelope,
    `group ${picked.length} steps`,
  );
  return { ok: true, text: grouped.notes.join('; ') || null };
}
