import { describe, expect, it } from 'vitest';
import { CAPABILITIES, capabilitiesForSdk, CAPABILITY_MIN_SDK, MIN_HELPER_SDK } from './capabilities';
import { checkHello, helloFor } from './hello';

describe('capabilities by API level', () => {
  it('follows the Android API levels of each feature', () => {
    expect(capabilitiesForSdk(MIN_HELPER_SDK - 1)).toEqual([]);
    expect(capabilitiesForSdk(23)).not.toContain('action.set_progress');
    expect(capabilitiesForSdk(24)).toContain('action.set_progress');
    expect(capabilitiesForSdk(25)).not.toContain('inject.multi_pointer');
    expect(capabilitiesForSdk(26)).toContain('inject.multi_pointer');
    expect(capabilitiesForSdk(29)).not.toContain('action.ime_enter');
    expect(capabilitiesForSdk(30)).toEqual(expect.arrayContaining(['action.ime_enter', 'windows.exact_regions']));
    expect(capabilitiesForSdk(35)).toEqual(CAPABILITIES);
  });

  it('only ever grows with the API level', () => {
    for (let sdk = 21; sdk < 36; sdk++) {
      expect(capabilitiesForSdk(sdk + 1)).toEqual(expect.arrayContaining(capabilitiesForSdk(sdk)));
    }
    expect(Object.values(CAPABILITY_MIN_SDK).every((level) => level >= MIN_HELPER_SDK)).toBe(true);
  });

  it('the hello a helper sends for its SDK passes the host check unchanged', () => {
    for (const sdk of [21, 24, 26, 29, 30, 34]) {
      const check = checkHello(helloFor(sdk, '3.0.0'));
      expect(check).toMatchObject({ ok: true, sdk, capabilities: capabilitiesForSdk(sdk) });
    }
  });
});
