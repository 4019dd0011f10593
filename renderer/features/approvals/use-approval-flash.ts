// A new agent request flashes the title bar for FLASH_MS (the approvals panel opens itself as well), so the
// owner notices it whatever the console shows.
import { useEffect, useRef, useState } from 'react';
import { useApprovals } from './approvals-store';

const FLASH_MS = 2400;

export function useApprovalFlash(): boolean {
  const ids = useApprovals((s) => s.requests.map((r) => r.id).join(','));
  const seen = useRef(new Set<string>());
  const timer = useRef(0);
  const [flash, setFlash] = useState(false);
  useEffect(() => {
    const fresh = ids === '' ? [] : ids.split(',').filter((id) => !seen.current.has(id));
    fresh.forEach((id) => seen.current.add(id));
    if (fresh.length === 0) return;
    setFlash(true);
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => setFlash(false), FLASH_MS);
  }, [ids]);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  return flash;
}
