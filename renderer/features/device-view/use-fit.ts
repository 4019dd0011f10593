// The largest picture of the device's aspect ratio that fits the stage element (tracked with ResizeObserver).
import { useLayoutEffect, useState, type RefObject } from 'react';

export function useFit(ref: RefObject<HTMLElement | null>, screen: { width: number; height: number } | null, margin = 16) {
  const [box, setBox] = useState({ width: 0, height: 0 });
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setBox({ width: entry.contentRect.width, height: entry.contentRect.height });
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, [ref]);
  if (!screen || box.width <= margin * 2 || box.height <= margin * 2) return null;
  const scale = Math.min((box.width - margin * 2) / screen.width, (box.height - margin * 2) / screen.height);
  return { width: Math.floor(screen.width * scale), height: Math.floor(screen.height * scale) };
}
