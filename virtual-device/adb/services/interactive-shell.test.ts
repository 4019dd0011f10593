import { describe, expect, it, vi } from 'vitest';
import type { DeviceStream, ShellIo, VirtualShell } from '../../device-services';
import { serveInteractiveShell } from './interactive-shell';

/** A DeviceStream whose host side is this test. */
function fakeStream(writeMs = 0) {
  let onData: ((chunk: Uint8Array) => void | Promise<void>) | null = null;
  const closeHandlers: Array<() => void> = [];
  const out: string[] = [];
  const stream: DeviceStream & { closed: boolean } = {
    closed: false,
    onData: (h) => (onData = h),
    onClose: (h) => closeHandlers.push(h),
    write: async (chunk) => {
      out.push(new TextDecoder().decode(chunk));
      if (writeMs > 0) await new Promise((r) => setTimeout(r, writeMs));
    },
    close: () => {
      stream.closed = true;
    },
  };
  return {
    stream,
    type: async (s: string) => {
      await onData!(new TextEncoder().encode(s));
      await new Promise((r) => setTimeout(r, 5));
    },
    output: () => out.join(''),
    hangUp: () => closeHandlers.forEach((h) => h()),
  };
}

const shell = (log: string[], signals: AbortSignal[] = []): VirtualShell => ({
  async exec(line: string, io: ShellIo) {
    log.push(line);
    signals.push(io.signal);
    if (line === 'wait') await new Promise((r) => io.signal.addEventListener('abort', r));
    if (line.startsWith('echo ')) await io.stdout(`${line.slice(5)}\n`);
    return line === 'false' ? 1 : 0;
  },
});

describe('interactive shell (pty emulation)', () => {
  it("keeps typed-ahead input in order when more arrives while a finished command's prompt is written", async () => {
    // Each write takes 10 ms to be acknowledged (adb's OKAY): `echo one` ends at about 10 ms and its prompt is
    // out at about 20 ms. One paste split across packets: the second lands in between.
    const t = fakeStream(10);
    const log: string[] = [];
    let exited: number | null = null;
    serveInteractiveShell(t.stream, shell(log), 'd', (status) => (exited = status));
    await new Promise((r) => setTimeout(r, 15)); // the first prompt is out
    void t.type('echo one\nfalse\nex');
    await new Promise((r) => setTimeout(r, 15));
    void t.type('it\n');
    await vi.waitFor(() => expect(exited).toBe(1), { timeout: 10_000 });
    expect(log).toEqual(['echo one', 'false']);
  });

  it('prompts, echoes input, translates LF to CRLF and shows the last failure in the prompt', async () => {
    const t = fakeStream();
    const log: string[] = [];
    serveInteractiveShell(t.stream, shell(log), 'oriole');
    await t.type('echo hi\r');
    await t.type('false\n');
    await t.type('\r\n');
    expect(log).toEqual(['echo hi', 'false']);
    expect(t.output()).toBe('oriole:/ $ echo hi\r\nhi\r\noriole:/ $ false\r\n1|oriole:/ $ \r\n1|oriole:/ $ ');
  });

  it('handles backspace, ^C on a line and on a running command, then exit', async () => {
    const t = fakeStream();
    const log: string[] = [];
    const signals: AbortSignal[] = [];
    serveInteractiveShell(t.stream, shell(log, signals), 'd');
    await t.type('echx\x7fo ok\n');
    await t.type('junk\x03');
    await t.type('wait\n');
    await t.type('echo typed-ahead\n');
    expect(log).toEqual(['echo ok', 'wait']);
    await t.type('\x03');
    expect(signals[1]!.aborted).toBe(true);
    expect(log).toEqual(['echo ok', 'wait', 'echo typed-ahead']);
    await t.type('exit\n');
    expect(t.stream.closed).toBe(true);
    expect(t.output()).toContain('echx\b \bo ok\r\nok\r\n');
    expect(t.output()).toContain('junk^C\r\nd:/ $ ');
    expect(t.output()).toContain('^C\r\n130|d:/ $ ');
  });

  it('^D on an empty line closes; a host hang-up aborts the running command', async () => {
    const t = fakeStream();
    const signals: AbortSignal[] = [];
    serveInteractiveShell(t.stream, shell([], signals), 'd');
    await t.type('wait\n');
    t.hangUp();
    expect(signals[0]!.aborted).toBe(true);
    const u = fakeStream();
    serveInteractiveShell(u.stream, shell([]), 'd');
    await u.type('\x04');
    expect(u.stream.closed).toBe(true);
  });
});
