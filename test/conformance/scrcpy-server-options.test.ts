import { describe, expect, it } from 'vitest';
import { ScrcpyInstanceId } from '@yume-chan/scrcpy';
import { buildServerOptions } from '../../electron/scrcpy/server-launcher';
import {
  DEFAULT_SERVER_OPTIONS,
  parseServerOptions,
  ServerOptionsError,
  socketName,
} from '../../virtual-device/scrcpy/server-options';
import { limitSize, round8, videoSizeFor } from '../../virtual-device/scrcpy/video-size';

describe('server options (Options.parse of scrcpy 3.3.3)', () => {
  it('parses what the host client serializes with @yume-chan/scrcpy', () => {
    const args = buildServerOptions(new ScrcpyInstanceId(0x1234abc), {
      maxSize: 1023,
      maxFps: 30,
      videoBitRate: 4_000_000,
    }).serialize();
    const o = parseServerOptions(['3.3.3', ...args]);
    expect(o).toMatchObject({
      scid: 0x1234abc,
      tunnelForward: true,
      audio: false,
      control: true,
      maxSize: 1016,
      maxFps: 30,
      videoBitRate: 4_000_000,
      cleanup: false,
    });
    expect(socketName(o.scid)).toBe('scrcpy_01234abc');
    expect(o.unknownKeys).toEqual([]);
  });

  it('keeps scrcpy defaults and quirks', () => {
    expect(parseServerOptions(['3.3.3'])).toEqual({ ...DEFAULT_SERVER_OPTIONS, unknownKeys: [] });
    expect(socketName(-1)).toBe('scrcpy');
    expect(parseServerOptions(['3.3.3', 'control=TRUE', 'video=yes']).video).toBe(false);
    expect(parseServerOptions(['3.3.3', 'raw_stream=true'])).toMatchObject({
      sendDeviceMeta: false,
      sendFrameMeta: false,
      sendDummyByte: false,
      sendCodecMeta: false,
    });
    expect(parseServerOptions(['3.3.3', 'future_option=1']).unknownKeys).toEqual(['future_option']);
  });

  it('refuses what the Java server refuses, with its messages', () => {
    expect(() => parseServerOptions([])).toThrow('Missing client version');
    expect(() => parseServerOptions(['3.3.2'])).toThrow('The server version (3.3.3) does not match the client (3.3.2)');
    expect(() => parseServerOptions(['3.3.3', 'max_size'])).toThrow('Invalid key=value pair: "max_size"');
    expect(() => parseServerOptions(['3.3.3', 'scid=-2'])).toThrow(ServerOptionsError);
    expect(() => parseServerOptions(['3.3.3', 'max_size=abc'])).toThrow(/Invalid integer/);
    expect(() => parseServerOptions(['3.3.3', 'video_codec=vp9'])).toThrow('Video codec vp9 not supported');
  });
});

describe('video size (Size.limit + round8)', () => {
  it('scales the major side to max_size and rounds to multiples of 8', () => {
    expect(videoSizeFor({ width: 1080, height: 2400 }, 0)).toEqual({ width: 1080, height: 2400 });
    expect(limitSize({ width: 1080, height: 2400 }, 1200)).toEqual({ width: 540, height: 1200 });
    expect(videoSizeFor({ width: 1080, height: 2400 }, 1200)).toEqual({ width: 544, height: 1200 });
    expect(videoSizeFor({ width: 2400, height: 1080 }, 800)).toEqual({ width: 800, height: 360 });
    expect(round8({ width: 1079, height: 2401 })).toEqual({ width: 1080, height: 2400 });
    expect(videoSizeFor({ width: 1080, height: 2400 }, 4096)).toEqual({ width: 1080, height: 2400 });
  });
});
