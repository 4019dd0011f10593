// The app store for panels that follow state a pointer drag changes on every move (the document under a handle
// drag, the pointer readout): they re-render at most once per animation frame instead of synchronously inside
// each pointer event (zustand's useStore renders synchronously). So a move costs the store update and the one
// stage layer's redraw; the panels' DOM changes once per frame, where the browser lays the page out anyway —
// changed inside the event, the next move's first measurement forced a layout of the whole console.
// One store subscription and one animation frame serve every such panel: a store change inside a pointer
// event only asks for the frame (the first change of the frame) — the panels' selectors run in the frame.
// The value returned is always the store's current one (read at render); only when to render is deferred.
import { useEffect, useReducer, useRef } from 'react';
import { flushSync } from 'react-dom';
import { useStore, type AppState } from './store';

interface Follower {
  select(s: AppState): unknown;
  /** The value this panel last rendered with. */
  value: unknown;
  rerender(): void;
}

// Module-level: the scheduler's own bookkeeping (who follows, the pending frame), not state to render.
const followers = new Set<Follower>();
let frame = 0;
let unsubscribe: (() => void) | null = null;

function flush(): void {
  frame = 0;
  const s = useStore.getState();
  // Rendered and committed here, inside the animation frame, before the frame's own style and layout: an update
  // from a frame callback is not urgent to React, which would commit it in a task after the frame, leaving the
  // page's layout dirty — the next pointer move's hit-test then laid the console out again (two layouts a move).
  flushSync(() => {
    for (const f of followers) if (!Object.is(f.select(s), f.value)) f.rerender();
  });
}

const schedule = () => {
  if (frame === 0) frame = requestAnimationFrame(flush);
};

function follow(f: Follower): () => void {
  followers.add(f);
  unsubscribe ??= useStore.subscribe(schedule);
  // A change between the panel's render and this subscription is not missed.
  schedule();
  return () => {
    followers.delete(f);
    if (followers.size > 0) return;
    unsubscribe?.();
    unsubscribe = null;
    cancelAnimationFrame(frame);
    frame = 0;
  };
}

export function useFrameStore<T>(select: (s: AppState) => T): T {
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  const value = select(useStore.getState());
  const me = useRef<Follower>({ select, value, rerender });
  me.current.select = select;
  me.current.value = value;
  useEffect(() => follow(me.current), []);
  return value;
}
