// electron-builder rewrites parts of the configuration it is given (`files`, `extraResources`), so with one
// shared or shallowly copied config every target after the first failed (`Cannot read properties of null
// (reading 'from')`). Each run gets builderConfig()'s deep copy; this runs the builder twice and checks the
// second copy is untouched by what happened to the first.
import { describe, expect, it } from 'vitest';
import { builderConfig } from '../../build/electron-builder.config.mjs';

describe('builderConfig', () => {
  it('gives each target its own deep copy', () => {
    const pristine = JSON.parse(JSON.stringify(builderConfig())) as unknown;
    const first = builderConfig({ electronDist: '/opt/electron' });
    // What a build does to its configuration.
    (first.files as unknown[]).splice(0, Infinity, null);
    (first.extraResources as unknown[])[0] = null;
    first.linux.target.length = 0;
    const second = builderConfig();
    expect(second).toEqual(pristine);
    expect(second).not.toHaveProperty('electronDist');
    expect(first.electronDist).toBe('/opt/electron');
  });
});
