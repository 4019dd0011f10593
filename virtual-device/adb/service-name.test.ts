import { describe, expect, it } from 'vitest';
import { parseServiceName } from './service-name';

describe('parseServiceName', () => {
  it.each([
    ['shell:echo hi\0', { kind: 'shell', command: 'echo hi', shellProtocol: false, pty: false }],
    ['shell:', { kind: 'shell', command: '', shellProtocol: false, pty: true }],
    ['shell,v2,TERM=xterm,raw:ls', { kind: 'shell', command: 'ls', shellProtocol: true, pty: false }],
    ['shell,v2,raw:', { kind: 'shell', command: '', shellProtocol: true, pty: false }],
    ['shell,v2,TERM=xterm-256color,pty:', { kind: 'shell', command: '', shellProtocol: true, pty: true }],
    ['shell,pty:top', { kind: 'shell', command: 'top', shellProtocol: false, pty: true }],
    ['abb:package\0list\0packages', { kind: 'abb', args: ['package', 'list', 'packages'], shellProtocol: true }],
    [
      'abb_exec:package\0install\0-S\x00123',
      { kind: 'abb', args: ['package', 'install', '-S', '123'], shellProtocol: false },
    ],
    ['exec:screencap -p', { kind: 'exec', command: 'screencap -p' }],
    ['sync:', { kind: 'sync' }],
    ['localabstract:scrcpy_0123abcd', { kind: 'socket', address: 'localabstract:scrcpy_0123abcd' }],
    ['localreserved:x', { kind: 'socket', address: 'localreserved:x' }],
    ['localfilesystem:/dev/socket/x', { kind: 'socket', address: 'localfilesystem:/dev/socket/x' }],
    ['local:x', { kind: 'socket', address: 'localreserved:x' }],
    ['tcp:8080', { kind: 'socket', address: 'tcp:8080' }],
    ['tcp:localhost:8080', { kind: 'socket', address: 'tcp:8080' }],
    ['tcp:99999', { kind: 'unknown', name: 'tcp:99999' }],
    ['tcp:example.com:80', { kind: 'unknown', name: 'tcp:example.com:80' }],
    ['host:version', { kind: 'unknown', name: 'host:version' }],
    ['localabstract:', { kind: 'unknown', name: 'localabstract:' }],
    ['framebuffer:', { kind: 'framebuffer' }],
  ])('%s', (name, expected) => {
    expect(parseServiceName(name)).toEqual(expected);
  });

  it.each([
    ['reverse:forward:tcp:7000;tcp:8000', { op: 'forward', local: 'tcp:7000', remote: 'tcp:8000', noRebind: false }],
    ['reverse:forward:norebind:tcp:1;tcp:2', { op: 'forward', local: 'tcp:1', remote: 'tcp:2', noRebind: true }],
    ['reverse:forward:tcp:1', { op: 'invalid', message: 'bad forward: tcp:1' }],
    ['reverse:forward:tcp:1;*x', { op: 'invalid', message: 'bad forward: tcp:1;*x' }],
    ['reverse:killforward:tcp:7000', { op: 'killforward', local: 'tcp:7000' }],
    ['reverse:killforward-all', { op: 'killforward-all' }],
    ['reverse:list-forward', { op: 'list-forward' }],
    ['reverse:bogus', { op: 'invalid', message: 'not a reverse forwarding command' }],
  ])('%s', (name, request) => {
    expect(parseServiceName(name)).toEqual({ kind: 'reverse', request });
  });
});
