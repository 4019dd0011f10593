// A value as it was one painted frame ago: the step's details render after the frame that shows its picture, as a
// transition, and only if no newer step was asked for by then (`current()`), so a scrub paints pictures at the
// rate of the keys and the details — their render, their style and layout — come once the scrub rests. A key press
// never waits for them: an update already under way is a transition, which React interrupts.
import { startTransition, useEffect, useState } from 'react';

export function useAfterPaint<T>(value: T, current: () => boolean = () => true): T {
  const [later, setLater] = useState(value);
  useEffect(() => {
    if (Object.is(later, value)) return;
    // rAF runs before this frame's paint; the timeout after it runs once the frame is out.
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => {
        if (current()) startTransition(() => setLater(value));
      }, 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      if (timer !== undefined) clearTimeout(timer);
    };
  }, [value, later, current]);
  return later;
}
