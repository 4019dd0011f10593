// A value as it was one painted frame ago: the step's details render after the frame that shows its picture, as a
// transition (interrupted by the next key press, never delaying it), so a scrub paints the picture first.
import { startTransition, useEffect, useState } from 'react';

export function useAfterPaint<T>(value: T): T {
  const [later, setLater] = useState(value);
  useEffect(() => {
    if (Object.is(later, value)) return;
    // rAF runs before this frame's paint; the timeout after it runs once the frame is out.
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => startTransition(() => setLater(value)), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      if (timer !== undefined) clearTimeout(timer);
    };
  }, [value, later]);
  return later;
}
