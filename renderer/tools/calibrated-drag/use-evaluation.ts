// The builder's one evaluation of the draft (draft.ts → prepareCall), shared by the panel and the stage preview
// so both show the same call, figures and issues.
import { useMemo } from 'react';
import { currentCapabilities, currentScreen } from '../../app/selectors';
import { useStore } from '../../app/store';
import { evaluateDraft, type Evaluation } from './draft';

export function useCalibratedEvaluation(): Evaluation | null {
  const draft = useStore((s) => s.calDraft);
  const screen = useStore(currentScreen);
  const capabilities = useStore(currentCapabilities);
  const density = useStore((s) => s.deviceInfo?.density ?? null);
  return useMemo(() => (screen ? evaluateDraft(draft, { screen, capabilities, densityDpi: density }) : null), [draft, screen, capabilities, density]);
}
