// Stage shortcuts, ignored while a text field has focus (a checkbox or button is not one): 0 fits the picture,
// 1 shows one device pixel per screen pixel, F freezes, Space held turns a drag into a pan. The tools' own keys
// (I, C, Esc) are tools/use-tool-keys.ts.
import { useEffect, useRef } from 'react';
import { stagePoint, type ScreenSize, type Viewport } from '../../shared/geometry';
import { useStore } from '../app/store';
import { isTextEntry } from '../app/shortcuts';
import { fit, zoomToPercent } from './camera-actions';

export function useStageKeys(viewport: Viewport, screen: ScreenSize) {
  const space = useRef(false);
  useEffect(() => {
    const onDown = (e: KeyboardEvent) => {
      if (isTextEntry(e.target) || e.altKey || e.ctrlKey || e.metaKey) return;
      if (e.key === ' ') {
        // Held Space pans; it must not also press the focused button or scroll the page.
        space.current = true;
        e.preventDefault();
        return;
      }
      if (e.repeat) return;
      if (e.key === '0') fit();
      else if (e.key === '1') zoomToPercent(100, stagePoint(viewport.width / 2, viewport.height / 2), viewport, screen);
      else if (e.key === 'f' || e.key === 'F') useStore.getState().setFrozen(!useStore.getState().frozen);
    };
    const onUp = (e: KeyboardEvent) => {
      if (e.key !== ' ') return;
      space.current = false;
      if (!isTextEntry(e.target)) e.preventDefault();
    };
    window.addEventListener('keydown', onDown);
    window.addEventListener('keyup', onUp);
    return () => {
      window.removeEventListener('keydown', onDown);
      window.removeEventListener('keyup', onUp);
    };
  }, [viewport, screen]);
  return space;
}
