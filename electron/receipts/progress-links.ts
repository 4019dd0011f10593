// Progress records, cheaply: the executor's device links are wrapped so every completed dispatch of an input
// backend reports its event count under its operation id. The write-ahead turns that into a progress line
// (no fsync: a lower bound of the input sent, for a recovered receipt to say how far an operation got).
// Proxies rather than copies, so links and backends keep every member they have (now and later).
import type { DeviceLink, DeviceLinks } from '../executor/device-link';
import type { InputBackend } from '../input/input-backend';

export type OnDispatched = (operationId: string, events: number) => void;

function countingInput(input: InputBackend, onDispatched: OnDispatched): InputBackend {
  return new Proxy(input, {
    get(target, property, receiver) {
      if (property !== 'dispatch') return Reflect.get(target, property, receiver);
      return async (...args: Parameters<InputBackend['dispatch']>) => {
        const outcome = await target.dispatch(...args);
        if (outcome.ok) onDispatched(args[1], outcome.figures.events);
        return outcome;
      };
    },
  });
}

export function countingLinks(links: DeviceLinks, onDispatched: OnDispatched): DeviceLinks {
  const wrap = (link: DeviceLink): DeviceLink =>
    new Proxy(link, {
      get(target, property) {
        if (property === 'input') return async () => countingInput(await target.input(), onDispatched);
        const value: unknown = Reflect.get(target, property, target);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
  return new Proxy(links, {
    get(target, property) {
      if (property === 'open') return async (serial: string) => wrap(await target.open(serial));
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}
