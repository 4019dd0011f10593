// The region view of the one selected document step, for the stage layer and the panel alike.
import { useMemo } from 'react';
import { currentScreen } from '../../app/selectors';
import { useStore } from '../../app/store';
import { regionView, type RegionView } from './region-view';

export function useRegionView(): RegionView | null {
  const document = useStore((s) => s.document);
  const screen = useStore(currentScreen);
  return useMemo(() => {
    const step =
      document.selection.length === 1 ? (document.steps.find((s) => s.id === document.selection[0]) ?? null) : null;
    return regionView(step, screen);
  }, [document, screen]);
}
