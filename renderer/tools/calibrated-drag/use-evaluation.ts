// The builder's one evaluation of the draft (draft.ts → prepareCall), shared by the panel and the stage preview
// so both show the same call, figures and issues, and Send sends that evaluation's preparation.
import { currentCapabilities, currentScreen } from '../../app/selectors';
import { useStore } from '../../app/store';
import { evaluateDraft, type CalibratedDraft, type Evaluation } from './draft';

type Inputs = readonly [
  CalibratedDraft,
  ReturnType<typeof currentScreen>,
  ReturnType<typeof currentCapabilities>,
  number | null,
];

// Module-level on purpose: the last evaluation and its inputs, one for the whole console. A memo per component
// (useMemo) would prepare the same draft once in the panel and again in the stage layer on every change; the
// inputs are store values compared by identity, so this cache cannot serve a stale evaluation.
let last: { inputs: Inputs; evaluation: Evaluation | null } | null = null;

function evaluationFor(inputs: Inputs): Evaluation | null {
  if (last && inputs.every((v, i) => v === last!.inputs[i])) return last.evaluation;
  const [draft, screen, capabilities, density] = inputs;
  const evaluation = screen ? evaluateDraft(draft, { screen, capabilities, densityDpi: density }) : null;
  last = { inputs, evaluation };
  return evaluation;
}

export function useCalibratedEvaluation(): Evaluation | null {
  const draft = useStore((s) => s.calDraft);
  const screen = useStore(currentScreen);
  const capabilities = useStore(currentCapabilities);
  const density = useStore((s) => s.deviceInfo?.density ?? null);
  return evaluationFor([draft, screen, capabilities, density]);
}
