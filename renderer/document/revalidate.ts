// Steps are checked on the selected device: when its screen (another device, a rotation) or its
// capabilities change, every step is checked again, so its codes always describe the device at hand.
import { currentCapabilities, currentScreen } from '../app/selectors';
import { useStore } from '../app/store';

export function startStepRevalidation(): () => void {
  const key = (s: ReturnType<typeof useStore.getState>) => {
    const screen = currentScreen(s);
    return `${screen ? `${screen.width}x${screen.height}` : '-'}|${currentCapabilities(s)?.join(',') ?? '-'}`;
  };
  let last = key(useStore.getState());
  return useStore.subscribe((state) => {
    const now = key(state);
    if (now === last) return;
    last = now;
    state.revalidateSteps();
  });
}
