// The request gate both transports share: an unknown channel or a payload that does not parse against the
// contract is refused with INVALID_ARGUMENT and a JSON Pointer, and its handler is never called. Handlers
// receive only parsed, typed requests; whatever they throw becomes a reply with a stable code.
import type { z } from 'zod';
import { tactileError, type TactileError } from '../validation/errors';
import { REQUEST_CHANNELS, type RequestChannel } from './channels';
import { REQUESTS, type ParsedRequestOf, type ResponseOf } from './contract';
import { errorFromThrown, type IpcReply } from './reply';

export type Handler<C extends RequestChannel> = (request: ParsedRequestOf<C>) => Promise<ResponseOf<C>>;
export type Handlers = { [C in RequestChannel]: Handler<C> };
export type Dispatch = (channel: unknown, payload: unknown) => Promise<IpcReply>;

const CHANNELS: ReadonlySet<string> = new Set(REQUEST_CHANNELS);

export function isRequestChannel(channel: unknown): channel is RequestChannel {
  return typeof channel === 'string' && CHANNELS.has(channel);
}

function issuesToErrors(issues: readonly z.core.$ZodIssue[]): TactileError {
  const first = issues[0];
  const segments = (first?.path ?? []).map((s) => (typeof s === 'symbol' ? String(s) : s));
  const detail = issues.map((i) => `${i.path.length ? i.path.join('.') + ': ' : ''}${i.message}`).join('; ');
  return tactileError('INVALID_ARGUMENT', segments, `the request does not match the contract: ${detail}`);
}

export function createDispatcher(handlers: Handlers): Dispatch {
  return async (channel, payload) => {
    if (!isRequestChannel(channel)) {
      const shown = typeof channel === 'string' ? JSON.stringify(channel.slice(0, 80)) : `of type ${typeof channel}`;
      return { ok: false, error: tactileError('INVALID_ARGUMENT', [], `unknown channel ${shown}`) };
    }
    const parsed = REQUESTS[channel].request.safeParse(payload);
    if (!parsed.success) return { ok: false, error: issuesToErrors(parsed.error.issues) };
    try {
      const handler = handlers[channel] as (request: unknown) => Promise<unknown>;
      return { ok: true, result: await handler(parsed.data) };
    } catch (thrown) {
      return { ok: false, error: errorFromThrown(thrown) };
    }
  };
}
