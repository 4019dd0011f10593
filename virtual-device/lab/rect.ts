import type { Rect } from './types';

export const rect = (left: number, top: number, right: number, bottom: number): Rect => ({ left, top, right, bottom });

export const contains = (r: Rect, x: number, y: number): boolean =>
  x >= r.left && x < r.right && y >= r.top && y < r.bottom;

export const intersect = (a: Rect, b: Rect): Rect => ({
  left: Math.max(a.left, b.left),
  top: Math.max(a.top, b.top),
  right: Math.min(a.right, b.right),
  bottom: Math.min(a.bottom, b.bottom),
});

export const isEmpty = (r: Rect): boolean => r.right <= r.left || r.bottom <= r.top;

export const height = (r: Rect): number => r.bottom - r.top;

/** Android's Rect.toShortString: `[l,t][r,b]`. */
export const toShortString = (r: Rect): string => `[${r.left},${r.top}][${r.right},${r.bottom}]`;
