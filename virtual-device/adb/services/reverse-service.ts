// `reverse:…` replies as adbd sends them from the device: one OKAY on success (the adb host adds
// the connect OKAY itself), then the resolved port for `tcp:0`; FAIL + hex4 length + reason on error;
// list-forward is a hex4-prefixed listing without OKAY.

import type { DeviceStream } from '../../device-services';
import type { ReverseForwards } from '../reverse-forwards';
import type { ReverseRequest } from '../service-name';

const encoder = new TextEncoder();

function protocolString(text: string): string {
  const length = encoder.encode(text).length;
  return length.toString(16).padStart(4, '0') + text;
}

export function reverseReply(request: ReverseRequest, forwards: ReverseForwards, transportName: string): string {
  switch (request.op) {
    case 'list-forward':
      return protocolString(forwards.format(transportName));
    case 'killforward-all':
      forwards.killAll();
      return 'OKAY';
    case 'killforward': {
      const result = forwards.kill(request.local);
      return result.ok ? 'OKAY' : `FAIL${protocolString(result.message)}`;
    }
    case 'forward': {
      const result = forwards.forward(request.local, request.remote, request.noRebind);
      if (!result.ok) return `FAIL${protocolString(result.message)}`;
      return result.resolvedPort === undefined ? 'OKAY' : `OKAY${protocolString(String(result.resolvedPort))}`;
    }
    case 'invalid':
      return `FAIL${protocolString(request.message)}`;
  }
}

export function serveReverse(
  stream: DeviceStream,
  request: ReverseRequest,
  forwards: ReverseForwards,
  transportName: string,
): void {
  const reply = reverseReply(request, forwards, transportName);
  stream.write(encoder.encode(reply)).then(
    () => stream.close(),
    () => undefined, // the host went away first: nothing to tell it
  );
}
