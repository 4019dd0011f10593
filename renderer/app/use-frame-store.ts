// The app store for panels that follow state a pointer drag changes on every move (the document under a handle
// drag, the pointer readout): they re-render at most once per animation frame instead of synchronously inside
// each pointer event (zustand's useStore renders synchronously). So a move costs the store update and the one
// stage layer's redraw; the panels' DOM changes once per frame, where the browser lays the page out anyway —
// changed inside the event, the next move's first measurement forced a layout of the whole console.
// The value returned is always the store's current one (read at render); only when to render is deferred.
import { useEffect, useReducer, useRef } from 'react';
import { useStore, type AppState } from './store';

export function useFrameStore<T>(select: (s: AppState) => T): T {
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  const value = select(useStore.getState());
  const latest = useRef({ select, value });
  latest.current = { select, value };
  useEffect(() => {
    let frame = 0;
    const check = (s: AppState) => {
      if (frame !== 0 || Object.is(latest.current.select(s), latest.current.value)) return;
      frame = requestAnimationFrame(() => {
        frame = 0;
        rerender();
      });
    };
    // A change between this render and the subscription is not missed.
    check(useStore.getState());
    const off = useStore.subscribe(check);
    return () => {
      off();
      cancelAnimationFrame(frame);
    };
  }, []);
  return value;
}
