import { describe, expect, it } from 'vitest';
import { typingAction } from './typing-keys';

const k = (
  key: string,
  mods: Partial<{ ctrlKey: boolean; metaKey: boolean; altKey: boolean; shiftKey: boolean }> = {},
) => typingAction({ key, ctrlKey: false, metaKey: false, altKey: false, shiftKey: false, ...mods });

describe('typing on the mirror', () => {
  it('sends characters as text, editing keys as key events, Ctrl+A/C/X with Ctrl, Ctrl+V as a paste', () => {
    expect(k('a')).toEqual({ kind: 'text', text: 'a' });
    expect(k('é')).toEqual({ kind: 'text', text: 'é' });
    expect(k('😀')).toEqual({ kind: 'text', text: '😀' });
    expect(k('Enter')).toEqual({ kind: 'key', key: 'enter', ctrl: false, shift: false });
    expect(k('ArrowLeft', { shiftKey: true })).toEqual({ kind: 'key', key: 'left', ctrl: false, shift: true });
    expect(k('Backspace')).toMatchObject({ key: 'backspace' });
    expect(k('a', { ctrlKey: true })).toEqual({ kind: 'key', key: 'a', ctrl: true, shift: false });
    expect(k('v', { metaKey: true })).toEqual({ kind: 'paste' });
  });

  it('leaves the console its own keys: Alt shortcuts, Esc, function keys, other Ctrl combinations', () => {
    expect(k('h', { altKey: true })).toBeNull();
    expect(k('Escape')).toBeNull();
    expect(k('F5')).toBeNull();
    expect(k('z', { ctrlKey: true })).toBeNull();
    expect(k('Shift')).toBeNull();
  });
});
