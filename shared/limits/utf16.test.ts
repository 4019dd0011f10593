// Text limits count UTF-16 units (as Android does), and `__proto__` / `constructor` keys are refused at their
// path wherever they occur, through every parser a request can take (canonical, agent dialect, flow files).
import { describe, expect, it } from 'vitest';
import { fromAgentDialect } from '../actions';
import { parseFlowText } from '../flows';
import { validateToolCall } from '../validation';
import { text16 } from './utf16';

describe('UTF-16 text limits', () => {
  it('counts units, not code points, with one too_big issue either way', () => {
    const s = text16(4);
    expect(s.safeParse('😀😀').success).toBe(true);
    expect(s.safeParse('😀😀😀').error?.issues).toHaveLength(1);
    expect(s.safeParse('abcde').error?.issues).toHaveLength(1);
  });

  it('control_action text: 65,536 units standalone, 1,024 in a sequence', () => {
    const call = (text: string) => ({
      tool: 'control_action',
      args: { selector: { resource_id: 'a:id/b' }, action: 'set_text', text },
    });
    expect(validateToolCall(call('😀'.repeat(32_768))).ok).toBe(true);
    expect(validateToolCall(call('😀'.repeat(32_769)))).toMatchObject({
      ok: false,
      errors: [{ code: 'INVALID_ARGUMENT', path: '/args/text' }],
    });
  });

  it('input_text: 65,536 emoji are refused (131,072 units)', () => {
    const r = validateToolCall({ tool: 'input_text', args: { text: '😀'.repeat(65_536) } });
    expect(r).toMatchObject({ ok: false, errors: [{ code: 'INVALID_ARGUMENT', path: '/args/text' }] });
  });
});

describe('unknown keys named like Object.prototype members', () => {
  const parsed = (json: string) => JSON.parse(json) as unknown;

  it('refuses __proto__ in args (JSON.parse keeps it as an own key; a record copy would drop it)', () => {
    const r = validateToolCall(parsed('{"tool":"input_text","args":{"text":"a","__proto__":{"x":1}}}'));
    expect(r).toEqual({
      ok: false,
      errors: [
        {
          code: 'INVALID_ARGUMENT',
          path: '/args/__proto__',
          message: 'Unknown property "__proto__" is not allowed here.',
        },
      ],
    });
  });

  it('refuses __proto__ nested in a member, at its path', () => {
    const r = validateToolCall(
      parsed(
        '{"tool":"action_sequence","args":{"steps":[{"action":"wait","time_in_ms":1},{"action":"wait","time_in_ms":1,"__proto__":null}]}}',
      ),
    );
    expect(r).toMatchObject({ ok: false, errors: [{ code: 'INVALID_ARGUMENT', path: '/args/steps/1/__proto__' }] });
  });

  it('refuses constructor like any unknown key', () => {
    const r = validateToolCall(parsed('{"tool":"input_text","args":{"text":"a","constructor":{"x":1}}}'));
    expect(r).toMatchObject({ ok: false, errors: [{ code: 'INVALID_ARGUMENT', path: '/args/constructor' }] });
  });

  it('refuses __proto__ in the agent dialect and in a flow file', () => {
    expect(fromAgentDialect(parsed('{"tool":"press_key","args":{"key":"home","__proto__":{}}}'))).toMatchObject({
      ok: false,
      errors: [{ path: '/args/__proto__' }],
    });
    const flow =
      '{"format":"tactile.flow/1","name":"f","recorded_on":{"screen":{"width":1080,"height":2400}},"steps":[{"tool":"press_key","args":{"key":"home","__proto__":{}}}]}';
    expect(parseFlowText(flow)).toMatchObject({
      ok: false,
      errors: [{ code: 'INVALID_ARGUMENT', path: '/steps/0/args/__proto__' }],
    });
  });
});
