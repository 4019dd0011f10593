import { describe, expect, it } from 'vitest';
import { ConnectTargetSchema } from './schemas';

const messages = (target: string) => {
  const r = ConnectTargetSchema.safeParse(target);
  return r.success ? [] : r.error.issues.map((i) => i.message);
};

describe('ConnectTargetSchema', () => {
  it('a target without host:port shape says so, once, and says nothing about a port', () => {
    expect(messages('notahost')).toEqual(['expected host:port, e.g. 192.168.1.20:5555']);
    expect(messages('host:')).toEqual(['expected host:port, e.g. 192.168.1.20:5555']);
    expect(messages('a b:5555')).toEqual(['expected host:port, e.g. 192.168.1.20:5555']);
  });

  it('a port past 65535 is named as such', () => {
    expect(messages('10.0.0.2:65536')).toEqual(['the port must be at most 65535']);
  });

  it('accepts IPv4, names and bracketed IPv6', () => {
    for (const ok of ['192.168.1.20:5555', 'phone.local:5555', '[::1]:5555', 'h:65535'])
      expect(messages(ok)).toEqual([]);
  });
});
