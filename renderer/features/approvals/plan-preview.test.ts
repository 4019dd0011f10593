import { describe, expect, it } from 'vitest';
import type { ApprovalRequest } from '../../../shared/approvals';
import { planPreview } from './plan-preview';

const request = (tool: string, args: unknown): ApprovalRequest => ({
  id: 'r',
  agent: 'a',
  source: 'mcp',
  serial: 's',
  tool,
  args,
  summary: '',
  reason: null,
  read_only: false,
  created_at: 0,
  expires_at: 1,
});
const screen = { width: 1080, height: 2400 };

describe('approval plan preview', () => {
  it('shows the pointer path prepareCall plans, in device pixels', () => {
    expect(planPreview(request('click', { target: [500, 500] }), 's', screen, null)).toEqual({
      ok: true,
      text: expect.stringMatching(/^1 pointer path in device px: \(540,1200\)/),
    });
    expect(
      planPreview(request('swipe', { start: [500, 800], end: [500, 300], duration_ms: 300 }), 's', screen, null)?.text,
    ).toContain('(540,1919)→(540,720) 300 ms');
  });

  it('shows the refusal the executor would give, and nothing for another device', () => {
    expect(planPreview(request('click', { target: [500, 1001] }), 's', screen, null)).toMatchObject({
      ok: false,
      text: expect.stringContaining('OFF_SCREEN'),
    });
    expect(planPreview(request('click', { target: [500, 500] }), 'other', screen, null)).toBeNull();
  });
});
