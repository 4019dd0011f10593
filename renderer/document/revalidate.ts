// Steps are checked against the selected device's screen: when that screen changes (another device, a
// rotation), every step is checked again, so its codes always describe the device at hand.
import { currentScreen } from '../app/selectors';
import { useStore } from '../app/store';

export function startStepRevalidation(): () => void {
  let last = currentScreen(useStore.getState());
  return useStore.subscribe((state) => {
    const screen = currentScreen(state);
    if (screen?.width === last?.width && screen?.height === last?.height) return;
    last = screen;
    state.revalidateSteps(screen);
  });
}
