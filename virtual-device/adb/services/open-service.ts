// Maps an OPEN destination to the device-side service that serves it, or null when adbd would
// refuse it (the connection then answers CLSE(0, id), as adbd does for unknown services).

import { shQuote } from '../../../shared/android/shell-quote';
import type { DeviceServices, DeviceStream } from '../../device-services';
import type { ReverseForwards } from '../reverse-forwards';
import { parseServiceName } from '../service-name';
import { serveInteractiveShell } from './interactive-shell';
import { serveReverse } from './reverse-service';
import { serveShellCommand } from './shell-command';
import { serveShellV2 } from './shell-v2';
import { serveSync } from './sync-service';

export interface ServiceContext {
  services: DeviceServices;
  reverse: ReverseForwards;
  /** This transport's name in `adb reverse --list` (adbd says `host-N` for TCP transports). */
  transportName: string;
}

export type ServiceStarter = (stream: DeviceStream) => void;

export function resolveService(destination: string, ctx: ServiceContext): ServiceStarter | null {
  const request = parseServiceName(destination);
  const { services } = ctx;
  switch (request.kind) {
    case 'shell': {
      const hostname = services.banner().device;
      if (request.shellProtocol) return (stream) => serveShellV2(stream, services.shell, request, hostname);
      if (request.command === '') return (stream) => serveInteractiveShell(stream, services.shell, hostname);
      return (stream) => serveShellCommand(stream, services.shell, request.command);
    }
    case 'abb': {
      // Android's abb runs the binder service's shell command in adbd; here that is the shell's `cmd`.
      const command = ['cmd', ...request.args].map(shQuote).join(' ');
      if (request.shellProtocol) return (stream) => serveShellV2(stream, services.shell, { command, pty: false }, '');
      return (stream) => serveShellCommand(stream, services.shell, command);
    }
    case 'exec':
      return (stream) => serveShellCommand(stream, services.shell, request.command);
    case 'sync':
      return (stream) => serveSync(stream, services.fs);
    case 'socket':
      return services.sockets.connect(request.address);
    case 'reverse':
      return (stream) => serveReverse(stream, request.request, ctx.reverse, ctx.transportName);
    case 'adbd': {
      const adbd = services.adbd?.bind(services);
      if (!adbd) return null;
      const { request: r } = request;
      return (stream) => {
        const answer = adbd(r);
        // reboot: adbd writes nothing and waits to die with the device; the others answer and close.
        if (r.kind === 'reboot') return;
        void stream.write(new TextEncoder().encode(answer)).finally(() => stream.close());
      };
    }
    case 'framebuffer': {
      const framebuffer = services.framebuffer?.bind(services);
      if (!framebuffer) return null;
      return (stream) => void stream.write(framebuffer()).finally(() => stream.close());
    }
    case 'remount':
      if (!services.adbd) return null;
      return (stream) => serveShellCommand(stream, services.shell, `remount ${request.args}`.trim());
    case 'unknown':
      return null;
  }
}
