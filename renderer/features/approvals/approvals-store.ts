// The approvals panel's state: main's pending agent requests, policies and recently withdrawn requests (the
// `approvals.changed` event keeps it current), and a clock for the countdowns. Kept in its own small store: nothing else in the console reads it.
import { create } from 'zustand';
import type { ApprovalsView } from '../../../shared/approvals';
import { api } from '../../app/api';

interface ApprovalsState extends ApprovalsView {
  now: number;
  error: string | null;
  set(view: ApprovalsView): void;
  tick(now: number): void;
  fail(error: string | null): void;
}

export const useApprovals = create<ApprovalsState>()((set) => ({
  requests: [],
  policies: [],
  withdrawn: [],
  now: Date.now(),
  error: null,
  set: (view) => set({ requests: view.requests, policies: view.policies, withdrawn: view.withdrawn }),
  tick: (now) => set({ now }),
  fail: (error) => set({ error }),
}));

/** Subscribes to main's approvals and ticks the countdowns once a second; returns the stop function. */
export async function startApprovalsFeed(): Promise<() => void> {
  const off = api().on('approvals.changed', (view) => useApprovals.getState().set(view));
  const timer = setInterval(() => useApprovals.getState().tick(Date.now()), 1000);
  try {
    useApprovals.getState().set(await api().request('approvals.list', {}));
  } catch {
    // An older main without the channel: the panel stays empty.
  }
  return () => {
    clearInterval(timer);
    off();
  };
}

export async function decide(id: string, approve: boolean, reason: string | null): Promise<void> {
  try {
    await api().request('approvals.decide', { id, approve, reason });
    useApprovals.getState().fail(null);
  } catch (e) {
    useApprovals.getState().fail(e instanceof Error ? e.message : String(e));
  }
}

export async function setPolicy(agent: string, policy: 'ask' | 'read-only' | 'session'): Promise<void> {
  await api().request('approvals.set-policy', { agent, policy });
}

export async function stopSession(agent: string): Promise<void> {
  await api().request('approvals.stop-session', { agent });
}
