// Loads the preload against a stubbed `electron` module: it must expose exactly the contract's named
// functions as `window.api`, forward each to its own channel, and hand listeners only the payload.
import { beforeAll, describe, expect, it, vi } from 'vitest';
import {
  EVENT_CHANNELS,
  IPC_PREFIX,
  REQUEST_CHANNELS,
  eventFunctionName,
  requestFunctionName,
} from '../../shared/ipc/channels';

type Fn = (...args: any[]) => any; // eslint-disable-line @typescript-eslint/no-explicit-any

const stub = vi.hoisted(() => ({
  exposed: [] as Array<{ key: string; api: Record<string, Fn> }>,
  invoke: [] as Array<{ channel: string; payload: unknown }>,
  listeners: new Map<string, Set<Fn>>(),
}));

vi.mock('electron', () => ({
  contextBridge: { exposeInMainWorld: (key: string, api: Record<string, Fn>) => stub.exposed.push({ key, api }) },
  ipcRenderer: {
    invoke: async (channel: string, payload: unknown) => {
      stub.invoke.push({ channel, payload });
      return { ok: true, result: null };
    },
    on: (channel: string, fn: Fn) => stub.listeners.set(channel, (stub.listeners.get(channel) ?? new Set()).add(fn)),
    removeListener: (channel: string, fn: Fn) => stub.listeners.get(channel)?.delete(fn),
    send: () => {
      throw new Error('the preload must not use send');
    },
  },
}));

describe('preload', () => {
  let api: Record<string, Fn>;
  beforeAll(async () => {
    await import('./preload');
    expect(stub.exposed).toHaveLength(1);
    expect(stub.exposed[0]!.key).toBe('api');
    api = stub.exposed[0]!.api;
  });

  it('exposes exactly the named functions of the contract, frozen', () => {
    const expected = [...REQUEST_CHANNELS.map(requestFunctionName), ...EVENT_CHANNELS.map(eventFunctionName)].sort();
    expect(Object.keys(api).sort()).toEqual(expected);
    for (const generic of ['invoke', 'send', 'on', 'ipcRenderer', 'sendSync', 'request'])
      expect(api).not.toHaveProperty(generic);
    expect(Object.isFrozen(api)).toBe(true);
  });

  it('forwards each request function to its own channel with the payload unchanged', async () => {
    stub.invoke.length = 0;
    await api['deviceObserve']!({ serial: 'abc' });
    await api['devicesList']!({});
    expect(stub.invoke).toEqual([
      { channel: IPC_PREFIX + 'device.observe', payload: { serial: 'abc' } },
      { channel: IPC_PREFIX + 'devices.list', payload: {} },
    ]);
  });

  it('subscriptions deliver only the payload and can be removed', () => {
    const seen: unknown[] = [];
    const off = api['onReceiptCompleted']!((payload: unknown) => seen.push(payload));
    const listeners = stub.listeners.get(IPC_PREFIX + 'receipt.completed')!;
    expect(listeners.size).toBe(1);
    for (const fn of listeners) fn({ sender: 'secret ipcRenderer' }, { receipt: 1 });
    expect(seen).toEqual([{ receipt: 1 }]);
    off();
    expect(listeners.size).toBe(0);
    expect(() => api['onDevicesChanged']!('not a function')).toThrow(TypeError);
  });
});
