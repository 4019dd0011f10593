// The TCP side of the virtual device: the stock adb server dials it after `adb connect HOST:PORT`
// (like adbd's port 5555). Each accepted socket is one AdbDeviceConnection.

import { createServer, type Socket } from 'node:net';
import type { DeviceServices, DeviceStream } from '../device-services';
import { AdbDeviceConnection, ReverseUnavailableError } from './connection';

/** How long a restarting adbd's answer (`restarting adbd as root`) has to reach the host before the drop. */
const ANSWER_FLUSH_MS = 100;

export interface AdbDeviceServerOptions {
  services: DeviceServices;
  /** Interface to listen on; loopback unless the caller deliberately exposes the device. */
  host?: string;
  /** 0 or absent picks a free port. */
  port?: number;
}

export interface AdbDeviceServer {
  readonly host: string;
  readonly port: number;
  /** Number of adb hosts currently connected. */
  connectionCount(): number;
  /** Opens a device→host stream through an `adb reverse` forward of the most recent connection that has one for `deviceAddress`. */
  openReverse(deviceAddress: string): Promise<DeviceStream>;
  /** Stops listening and drops every connection (their streams end, shell signals abort). */
  close(): Promise<void>;
}

export async function createAdbDeviceServer(options: AdbDeviceServerOptions): Promise<AdbDeviceServer> {
  const host = options.host ?? '127.0.0.1';
  const live = new Map<Socket, AdbDeviceConnection>();
  let transportCount = 0;
  /** While adbd restarts or the device boots (Date.now() ms), connections are refused. */
  let downUntil = 0;
  const dropAll = () => {
    for (const [socket, connection] of live) {
      connection.destroy();
      socket.destroy();
    }
    live.clear();
  };
  // adbd restarting (root, unroot, tcpip, usb) or the device rebooting: every connection goes once the answer
  // is out, and the adb server's reconnects are refused until adbd listens again.
  const unsubscribe =
    options.services.onAdbdRestart?.((downMs) => {
      for (const connection of live.values()) connection.refuseNewStreams();
      const timer = setTimeout(() => {
        downUntil = Date.now() + downMs;
        dropAll();
      }, ANSWER_FLUSH_MS);
      timer.unref?.();
    }) ?? (() => undefined);

  const server = createServer((socket) => {
    if (Date.now() < downUntil) {
      socket.destroy();
      return;
    }
    socket.setNoDelay(true);
    const connection = new AdbDeviceConnection({
      services: options.services,
      transportName: `host-${++transportCount}`,
      sink: {
        send: (bytes) => {
          if (!socket.destroyed) socket.write(bytes);
        },
        close: () => socket.destroy(),
      },
    });
    live.set(socket, connection);
    socket.on('data', (chunk: Buffer) => connection.receive(chunk));
    socket.on('error', () => undefined); // 'close' follows and does the cleanup
    socket.on('close', () => {
      live.delete(socket);
      connection.destroy();
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('adb device server has no TCP address');

  return {
    host,
    port: address.port,
    connectionCount: () => live.size,
    openReverse(deviceAddress) {
      const candidates = [...live.values()].reverse().filter((c) => c.online && c.reverse.lookup(deviceAddress));
      const connection = candidates[0];
      if (!connection) return Promise.reject(new ReverseUnavailableError(`no reverse forward for ${deviceAddress}`));
      return connection.openReverse(deviceAddress);
    },
    close() {
      unsubscribe();
      return new Promise<void>((resolve) => {
        server.close(() => resolve());
        dropAll();
      });
    },
  };
}
