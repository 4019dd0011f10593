import { describe, expect, it } from 'vitest';
import { History } from './history';

function rig() {
  let state = { items: [] as string[], note: '' };
  const h = new History(
    () => state,
    (next) => {
      state = next;
    },
  );
  return { h, get: () => state };
}

describe('History (patches with named marks)', () => {
  it('undo and redo move from mark to mark', () => {
    const { h, get } = rig();
    for (const item of ['a', 'b', 'c']) {
      h.mark(`add ${item}`);
      h.change((d) => {
        d.items.push(item);
      });
    }
    expect(get().items).toEqual(['a', 'b', 'c']);
    expect(h.undo()).toBe(true);
    expect(h.undo()).toBe(true);
    expect(get().items).toEqual(['a']);
    expect(h.status()).toMatchObject({ canUndo: true, canRedo: true, undoName: 'add a', redoName: 'add b' });
    expect(h.redo()).toBe(true);
    expect(get().items).toEqual(['a', 'b']);
    expect(h.status().redoName).toBe('add c');
    h.undo();
    h.undo();
    expect(get().items).toEqual([]);
    expect(h.undo()).toBe(false);
    expect(h.status().canUndo).toBe(false);
  });

  it('many changes under one mark (one drag of a handle) are one undo step', () => {
    const { h, get } = rig();
    h.mark('add');
    h.change((d) => {
      d.items.push('x0');
    });
    h.mark('drag handle');
    for (let i = 1; i <= 30; i++)
      h.change((d) => {
        d.items[0] = `x${i}`;
      });
    expect(get().items).toEqual(['x30']);
    h.undo();
    expect(get().items).toEqual(['x0']);
    h.redo();
    expect(get().items).toEqual(['x30']);
  });

  it('bailToMark reverts a cancelled gesture and leaves nothing to redo', () => {
    const { h, get } = rig();
    h.mark('add');
    h.change((d) => {
      d.items.push('keep');
    });
    const m = h.mark('drag');
    h.change((d) => {
      d.items[0] = 'moved';
    });
    h.change((d) => {
      d.items.push('more');
    });
    expect(h.bailToMark(m)).toBe(true);
    expect(get().items).toEqual(['keep']);
    expect(h.status().canRedo).toBe(false);
    h.undo();
    expect(get().items).toEqual([]);
  });

  it('a new change clears the redo stack; ignored changes are not undone', () => {
    const { h, get } = rig();
    h.mark('add a');
    h.change((d) => {
      d.items.push('a');
    });
    h.change((d) => {
      d.note = 'selection';
    }, 'ignore');
    h.mark('add b');
    h.change((d) => {
      d.items.push('b');
    });
    h.undo();
    expect(get()).toEqual({ items: ['a'], note: 'selection' });
    h.mark('add c');
    h.change((d) => {
      d.items.push('c');
    });
    expect(h.status().canRedo).toBe(false);
    expect(h.redo()).toBe(false);
    expect(get().items).toEqual(['a', 'c']);
  });

  it('marks with nothing after them are skipped', () => {
    const { h, get } = rig();
    h.mark('add a');
    h.change((d) => {
      d.items.push('a');
    });
    h.mark('empty');
    h.mark('empty again');
    h.undo();
    expect(get().items).toEqual([]);
  });
});
