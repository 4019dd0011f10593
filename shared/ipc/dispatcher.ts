// The request gate both transports share: an unknown channel, a payload nested or sized past shared/limits, or
// one that does not parse against the contract is refused with INVALID_ARGUMENT and a JSON Pointer, and its handler is never called. Handlers
// receive only parsed, typed requests; whatever they throw becomes a reply with a stable code.
import type { z } from 'zod';
import { issuesToErrors } from '../actions/issues';
import { checkValueBounds } from '../limits/json-bounds';
import { isErrorCode, tactileError, type TactileError } from '../errors';
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

/** One refusal for the whole request: the first issue's pointer and code (a schema may name one, e.g. INVALID_SERIAL), every issue in the message. */
function refusal(issues: readonly z.core.$ZodIssue[]): TactileError {
  const errors = issuesToErrors(issues, []);
  const detail = errors.map((e) => `${e.path ? e.path + ': ' : ''}${e.message}`).join(' ');
  const first = issues[0];
  const named = first?.code === 'custom' ? (first.params as { code?: unknown } | undefined)?.code : undefined;
  return {
    code: isErrorCode(named) ? named : 'INVALID_ARGUMENT',
    path: errors[0]?.path ?? '',
    message: `the request does not match the contract: ${detail}`,
  };
}

export function createDispatcher(handlers: Handlers): Dispatch {
  return async (channel, payload) => {
    if (!isRequestChannel(channel)) {
      const shown = typeof channel === 'string' ? JSON.stringify(channel.slice(0, 80)) : `of type ${typeof channel}`;
      return { ok: false, error: tactileError('INVALID_ARGUMENT', [], `unknown channel ${shown}`) };
    }
    const unbounded = checkValueBounds(payload);
    if (unbounded !== null) return { ok: false, error: unbounded };
    const parsed = REQUESTS[channel].request.safeParse(payload);
    if (!parsed.success) return { ok: false, error: refusal(parsed.error.issues) };
    try {
      const handler = handlers[channel] as (request: unknown) => Promise<unknown>;
      return { ok: true, result: await handler(parsed.data) };
    } catch (thrown) {
      return { ok: false, error: errorFromThrown(thrown) };
    }
  };
}
