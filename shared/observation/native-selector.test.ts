import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { NativeSelectorSchema } from './observed-node';
import { duplicateResourceIds, nativeSelectorFor, type SelectorSource } from './native-selector';

const base: SelectorSource = {
  resource_id: 'a:id/x',
  class_name: 'android.widget.Button',
  package_name: 'a',
  bounds_px: [1, 2, 3, 4],
};

describe('duplicateResourceIds', () => {
  it('reports ids seen more than once and ignores missing ids', () => {
    const ids = ['a', null, 'b', 'a', null, 'c', 'b', 'a'].map((resource_id) => ({ resource_id }));
    expect([...duplicateResourceIds(ids)].sort()).toEqual(['a', 'b']);
  });
});

describe('nativeSelectorFor', () => {
  it('uses id, class and package for a unique id', () => {
    expect(nativeSelectorFor(base, new Set())).toEqual({
      resource_id: 'a:id/x',
      class_name: 'android.widget.Button',
      package_name: 'a',
    });
  });

  it('adds raw pixel bounds for a duplicate id', () => {
    expect(nativeSelectorFor(base, new Set(['a:id/x']))).toEqual({
      resource_id: 'a:id/x',
      class_name: 'android.widget.Button',
      package_name: 'a',
      bounds: [1, 2, 3, 4],
    });
  });

  it('adds raw pixel bounds when there is no id', () => {
    expect(nativeSelectorFor({ ...base, resource_id: null }, new Set())).toEqual({
      class_name: 'android.widget.Button',
      package_name: 'a',
      bounds: [1, 2, 3, 4],
    });
  });

  it('gives no selector when only package and bounds would remain', () => {
    expect(nativeSelectorFor({ ...base, resource_id: null, class_name: '' }, new Set())).toBeNull();
  });

  it('copies the bounds so later edits to the node cannot change the selector', () => {
    const node = { ...base, resource_id: null, bounds_px: [5, 6, 7, 8] as [number, number, number, number] };
    const selector = nativeSelectorFor(node, new Set());
    node.bounds_px[0] = 99;
    expect(selector?.bounds).toEqual([5, 6, 7, 8]);
  });

  it('always yields a schema-valid selector with an id or class, and bounds exactly when the id is missing or shared', () => {
    const source = fc.record({
      resource_id: fc.option(fc.string({ minLength: 1, maxLength: 20 }), { nil: null }),
      class_name: fc.string({ maxLength: 20 }),
      package_name: fc.string({ maxLength: 20 }),
      bounds_px: fc.tuple(fc.integer(), fc.integer(), fc.integer(), fc.integer()),
    });
    fc.assert(
      fc.property(source, fc.boolean(), (node, shared) => {
        const duplicates = new Set(shared && node.resource_id !== null ? [node.resource_id] : []);
        const selector = nativeSelectorFor(node, duplicates);
        if (selector === null) {
          expect(node.resource_id === null && node.class_name === '').toBe(true);
          return;
        }
        expect(NativeSelectorSchema.safeParse(selector).success).toBe(true);
        expect(selector.bounds !== undefined).toBe(node.resource_id === null || shared);
      }),
    );
  });
});
