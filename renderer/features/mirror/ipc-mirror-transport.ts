// The mirror player's transport (renderer/features/mirror) over the IPC contract: `mirror.start` opens a scrcpy
// session in main, its packets arrive as `mirror.packet` events (bytes as read off the device socket),
// `mirror.ended` ends it; screenshots come from `device.screenshot`. Packets that arrive before the start reply
// names the session are held and replayed for that session only.
import type { MirrorPacket as IpcMirrorPacket } from '../../../shared/ipc';
import { api, errorText } from '../../app/api';
import { setMirrorSession } from './mirror-session';
import type { MirrorPacket, MirrorTransport } from './transport';

function toPlayerPacket(p: IpcMirrorPacket): MirrorPacket {
  return p.type === 'configuration'
    ? { type: 'configuration', data: p.data, sentAt: p.sent_at }
    : {
        type: 'data',
        keyframe: p.keyframe ?? false,
        data: p.data,
        sentAt: p.sent_at,
        ...(p.pts !== null && { pts: p.pts }),
      };
}

/** scrcpy options of one stream: its longest side (0 = the device's size), bit rate and frame-rate cap. */
export interface StreamRequest {
  maxSize: number;
  bitRate?: number;
  maxFps?: number;
}

/** `announce`: this is the console's live session (the recorder taps it); a grid tile's is not. */
export function ipcMirrorTransport(
  serial: string,
  screen: { width: number; height: number },
  stream: StreamRequest = { maxSize: 0 },
  announce = true,
): MirrorTransport {
  let session: string | null = null;
  return {
    openStream(handlers) {
      let closed = false;
      const early: IpcMirrorPacket[] = [];
      const offPacket = api().on('mirror.packet', (p) => {
        if (session === null) early.push(p);
        else if (p.session === session) handlers.onPacket(toPlayerPacket(p));
      });
      const offEnded = api().on('mirror.ended', (e) => {
        if (e.session === session && !closed) handlers.onEnd(e.error ?? undefined);
      });
      const request = {
        serial,
        max_size: stream.maxSize,
        ...(stream.bitRate !== undefined && { video_bit_rate: stream.bitRate }),
        ...(stream.maxFps !== undefined && { max_fps: stream.maxFps }),
      };
      api()
        .request('mirror.start', request)
        .then(
          (started) => {
            if (closed) {
              void api()
                .request('mirror.stop', { session: started.session })
                .catch(() => undefined);
              return;
            }
            session = started.session;
            if (announce) setMirrorSession({ serial, session: started.session });
            handlers.onInfo({
              deviceName: started.device_name,
              video: { width: started.width, height: started.height },
              screen,
            });
            for (const p of early.splice(0)) if (p.session === session) handlers.onPacket(toPlayerPacket(p));
          },
          (error: unknown) => {
            if (!closed) handlers.onEnd(errorText(error));
          },
        );
      return () => {
        closed = true;
        offPacket();
        offEnded();
        if (session !== null) {
          if (announce) setMirrorSession(null, session);
          void api()
            .request('mirror.stop', { session })
            .catch(() => undefined);
        }
      };
    },
    requestKeyframe() {
      if (session !== null)
        void api()
          .request('mirror.keyframe', { session })
          .catch(() => undefined);
    },
    async screenshot() {
      const shot = await api().request('device.screenshot', { serial });
      return {
        png: new Blob([shot.png as Uint8Array<ArrayBuffer>], { type: 'image/png' }),
        screen: { width: shot.width, height: shot.height },
      };
    },
  };
}
