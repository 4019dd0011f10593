import { describe, expect, it } from 'vitest';
import { historyShortcut, isTextEntry, plainShortcut, type KeyPress } from './shortcuts';

const press = (key: string, target: KeyPress['target'], mods: Partial<KeyPress> = {}): KeyPress => ({
  key,
  altKey: false,
  ctrlKey: false,
  metaKey: false,
  shiftKey: false,
  target,
  ...mods,
});

describe('shortcuts', () => {
  it('a focused checkbox, radio, range or button does not swallow I / C (only text entry does)', () => {
    for (const type of ['checkbox', 'radio', 'range', 'button', 'submit', 'color']) {
      expect(isTextEntry({ tagName: 'INPUT', type })).toBe(false);
      expect(plainShortcut(press('C', { tagName: 'INPUT', type }))).toBe('c');
    }
    expect(plainShortcut(press('i', { tagName: 'BUTTON' }))).toBe('i');
    expect(plainShortcut(press('i', null))).toBe('i');
  });

  it('text fields, text areas and editable content keep their keys', () => {
    for (const type of ['text', 'search', 'password', 'number', 'email'])
      expect(plainShortcut(press('c', { tagName: 'INPUT', type }))).toBeNull();
    expect(plainShortcut(press('c', { tagName: 'INPUT' }))).toBeNull(); // no type attribute = text
    expect(plainShortcut(press('c', { tagName: 'TEXTAREA' }))).toBeNull();
    expect(plainShortcut(press('c', { tagName: 'DIV', isContentEditable: true }))).toBeNull();
    expect(plainShortcut(press('c', { tagName: 'INPUT', type: 'text', readOnly: true }))).toBe('c');
  });

  it('modifiers make it no plain shortcut', () => {
    expect(plainShortcut(press('c', null, { ctrlKey: true }))).toBeNull();
    expect(plainShortcut(press('c', null, { altKey: true }))).toBeNull();
  });

  it('Ctrl+Z undoes, Ctrl+Shift+Z and Ctrl+Y redo, except in a text field', () => {
    expect(historyShortcut(press('z', null, { ctrlKey: true }))).toBe('undo');
    expect(historyShortcut(press('Z', null, { ctrlKey: true, shiftKey: true }))).toBe('redo');
    expect(historyShortcut(press('y', null, { ctrlKey: true }))).toBe('redo');
    expect(historyShortcut(press('z', null, { metaKey: true }))).toBe('undo');
    expect(historyShortcut(press('z', null))).toBeNull();
    expect(historyShortcut(press('z', { tagName: 'INPUT', type: 'text' }, { ctrlKey: true }))).toBeNull();
    expect(historyShortcut(press('z', { tagName: 'INPUT', type: 'checkbox' }, { ctrlKey: true }))).toBe('undo');
  });
});
