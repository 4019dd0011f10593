import { describe, expect, it } from 'vitest';
import type { Receipt } from './receipt';
import { dispatchText } from './words';

const base = { status: 'completed', code: null, message: null, path: null } as const;
const figures = (backend: 'helper' | 'adb_input' | 'scrcpy', events: number) => ({
  backend,
  events,
  down_time_ms: null,
  event_times_ms: null,
});
const r = (over: Partial<Receipt>) => ({ ...base, ...over }) as Receipt;

describe('the receipts panel says what went out', () => {
  it('the backend and event count of the receipt, else of its members (an action_sequence), never "no dispatch" for sent input', () => {
    expect(dispatchText(r({ tool: 'press_key', dispatch: figures('adb_input', 2) }))).toBe('adb_input · 2 ev');
    const member = (i: number, events: number) => ({
      index: i,
      tool: 'click',
      ...base,
      duration_ms: 1,
      dispatch: figures('helper', events),
    });
    expect(dispatchText(r({ tool: 'action_sequence', members: [member(0, 6)] }))).toBe('helper · 6 ev (1 member)');
    expect(
      dispatchText(
        r({
          tool: 'action_sequence',
          members: [member(0, 6), member(1, 4), { index: 2, tool: 'wait', ...base, duration_ms: 1 }],
        }),
      ),
    ).toBe('helper · 10 ev (2 members)');
    expect(dispatchText(r({ tool: 'manage_app' }))).toBe('no event figures');
    expect(dispatchText(r({ tool: 'click', status: 'not_started', code: 'DEVICE_BUSY' }))).toBe('no dispatch');
    expect(dispatchText(r({ tool: 'read_control', status: 'observed' }))).toBe('no dispatch');
  });
});
