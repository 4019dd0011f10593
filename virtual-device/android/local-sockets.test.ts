import { describe, expect, it } from 'vitest';
import { LocalSockets } from './local-sockets';

describe('LocalSockets', () => {
  it('connects OPENs to the registered listener, refuses a second listener, and unregisters', () => {
    const s = new LocalSockets();
    const accept = () => undefined;
    const off = s.listen('localabstract:tactile_helper', accept);
    expect(s.connect('localabstract:tactile_helper')).toBe(accept);
    expect(s.connect('localabstract:other')).toBeNull();
    expect(() => s.listen('localabstract:tactile_helper', () => undefined)).toThrow(/in use/);
    off();
    expect(s.connect('localabstract:tactile_helper')).toBeNull();
  });
});
