/** Seconds of the day as HH:MM:SS (the timeline readout and tick labels). */
export function formatClock(seconds: number): string {
  const s = ((Math.floor(seconds) % 86400) + 86400) % 86400;
  const hh = Math.floor(s / 3600);
  const mm = Math.floor((s % 3600) / 60);
  const ss = s % 60;
  return [hh, mm, ss].map((n) => String(n).padStart(2, '0')).join(':');
}
