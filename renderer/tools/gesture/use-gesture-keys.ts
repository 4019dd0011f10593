// Gesture editor keys while the timeline is shown, ignored in text fields: arrows nudge the focused handle by
// one device pixel, Shift ×10 (each press one undo step).
import { useEffect } from 'react';
import { isTextEntry } from '../../app/shortcuts';
import { tools } from '../tools';

const ARROWS: Record<string, [number, number]> = {
  ArrowLeft: [-1, 0],
  ArrowRight: [1, 0],
  ArrowUp: [0, -1],
  ArrowDown: [0, 1],
};

export function useGestureKeys(): void {
  useEffect(() => {
    const onDown = (e: KeyboardEvent) => {
      const d = ARROWS[e.key];
      if (!d || isTextEntry(e.target) || e.ctrlKey || e.metaKey || e.altKey) return;
      const k = e.shiftKey ? 10 : 1;
      if (tools.gesture.nudge(d[0] * k, d[1] * k)) e.preventDefault();
    };
    window.addEventListener('keydown', onDown);
    return () => window.removeEventListener('keydown', onDown);
  }, []);
}
