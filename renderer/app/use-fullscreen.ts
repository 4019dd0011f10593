// Fullscreen stage: the side columns step aside (the workspace keeps the centre only, the tool dock floats on
// the stage) and the window goes fullscreen where the browser allows it (the Fullscreen API; in Electron the
// window itself). The title bar stays: the device's keys, text and every tool remain at hand. Leaving the
// browser's fullscreen (Esc) leaves the mode as well.
import { useEffect } from 'react';
import { useStore } from './store';

// Module-level on purpose: whether this mode asked the browser for fullscreen, so leaving it never ends a
// fullscreen the operator entered by other means (F11); it is a fact about the page, not console state.
let entered = false;

export function useFullscreenStage(): () => void {
  useEffect(() => {
    const onChange = () => {
      if (document.fullscreenElement || !entered) return;
      entered = false;
      useStore.getState().setFullscreen(false);
    };
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, []);
  return () => {
    const on = !useStore.getState().fullscreen;
    useStore.getState().setFullscreen(on);
    if (on && !document.fullscreenElement && document.documentElement.requestFullscreen) {
      document.documentElement.requestFullscreen().then(
        () => void (entered = true),
        () => undefined,
      );
    } else if (!on && entered) {
      entered = false;
      void document.exitFullscreen().catch(() => undefined);
    }
  };
}
