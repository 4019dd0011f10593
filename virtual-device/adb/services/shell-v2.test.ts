import { describe, expect, it } from 'vitest';
import { exchange, harness, text, tick } from '../../../test/support/adb-host-harness';
import { A_OPEN, openPayload } from '../packet';
import { ShellPacketId, ShellPacketReader, encodeShellPacket } from '../shell-protocol';

/** Opens `service` and returns the shell packets the device sends for `input` (already framed). */
async function session(service: string, input: Uint8Array = new Uint8Array(0)) {
  const h = harness();
  h.connect();
  h.host(A_OPEN, 30, 0, openPayload(service));
  await tick();
  const wire = await exchange(h, 30, input);
  const packets = new ShellPacketReader().push(wire);
  const of = (id: number) => Buffer.concat(packets.filter((p) => p.id === id).map((p) => p.data)).toString();
  const exit = packets.filter((p) => p.id === ShellPacketId.exit);
  return {
    h,
    packets,
    stdout: of(ShellPacketId.stdout),
    stderr: of(ShellPacketId.stderr),
    exit: exit.map((p) => [...p.data]),
  };
}

const stdin = (s: string) => encodeShellPacket(ShellPacketId.stdin, text(s));
const closeStdin = () => encodeShellPacket(ShellPacketId.closeStdin, new Uint8Array(0));

describe('shell protocol services', () => {
  it('shell,v2,raw:CMD sends stdout and stderr as separate packets, then one exit packet last', async () => {
    const ok = await session('shell,v2,raw:echo hi');
    expect(ok).toMatchObject({ stdout: 'hi\n', stderr: '', exit: [[0]] });
    expect(ok.packets.at(-1)!.id).toBe(ShellPacketId.exit);
    const missing = await session('shell,v2,raw:frobnicate');
    expect(missing).toMatchObject({ stdout: '', stderr: '/system/bin/sh: frobnicate: not found\n', exit: [[127]] });
    expect((await session('shell,v2,raw:false')).exit).toEqual([[1]]);
  });

  it('feeds stdin packets to the command and ends its input on close-stdin (raw)', async () => {
    // The fake `cat` reads a file; the real shell's `cat` reads stdin. Here: a command that ignores stdin still exits.
    const done = await session('shell,v2,raw:echo x', Buffer.concat([stdin('ignored'), closeStdin()]));
    expect(done).toMatchObject({ stdout: 'x\n', exit: [[0]] });
  });

  it('shell,v2,pty:CMD merges stderr into stdout with CRLF', async () => {
    const missing = await session('shell,v2,pty:frobnicate');
    expect(missing).toMatchObject({ stdout: '/system/bin/sh: frobnicate: not found\r\n', stderr: '', exit: [[127]] });
  });

  it('shell,v2,raw: (no command) runs stdin as a script without a prompt; EOF ends with the last status', async () => {
    const script = await session(
      'shell,v2,raw:',
      Buffer.concat([stdin('echo one\nfrob'), stdin('nicate\nfalse\n'), closeStdin()]),
    );
    expect(script).toMatchObject({ stdout: 'one\n', stderr: '/system/bin/sh: frobnicate: not found\n', exit: [[1]] });
    const exited = await session('shell,v2,raw:', stdin('echo a\nexit 300\necho b\n'));
    expect(exited).toMatchObject({ stdout: 'a\n', exit: [[44]] });
  });

  it('shell,v2,pty: (interactive) prompts, echoes, survives close-stdin and sends `exit N` as the status', async () => {
    const typed = Buffer.concat([
      encodeShellPacket(ShellPacketId.windowSizeChange, text('24x80,0x0')),
      stdin('false\r'),
      closeStdin(),
    ]);
    const h = harness();
    h.connect();
    h.host(A_OPEN, 31, 0, openPayload('shell,v2,TERM=xterm,pty:'));
    await tick();
    const first = await exchange(h, 31, typed, 20);
    const shown = new ShellPacketReader()
      .push(first)
      .map((p) => Buffer.from(p.data).toString())
      .join('');
    expect(shown).toContain('fake:/ $ false\r\n');
    expect(shown).toContain('1|fake:/ $ ');
    const rest = await exchange(h, 31, stdin('exit 5\r'));
    const packets = new ShellPacketReader().push(rest);
    expect([packets.at(-1)!.id, ...packets.at(-1)!.data]).toEqual([ShellPacketId.exit, 5]);
  });

  it('abb: runs `cmd` with the NUL-separated arguments, each quoted as one word', async () => {
    const h = harness();
    h.connect();
    h.host(A_OPEN, 32, 0, openPayload("abb:package\0list\0it's"));
    await tick();
    await exchange(h, 32, new Uint8Array(0));
    expect(h.services.commands.at(-1)).toBe(`'cmd' 'package' 'list' 'it'\\''s'`);
  });
});
