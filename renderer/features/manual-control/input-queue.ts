// The operator's panel and keyboard input (Keys and Apps tabs, typing on the mirror) in the order it was given:
// one call at a time through the one send path, each after the console's calls already in flight (the tap that
// focused a field may still hold the device). Text typed while a call is in flight joins the text queued behind
// it, so fast typing goes out in a few calls, not one per key. A call refused because the device is busy (nothing
// sent) is tried again for a few seconds; a typed call that fails drops the typing queued behind it, which would
// land in the wrong place.
import type { ToolEnvelope } from '../../../shared/actions';
import { succeeded, type Receipt } from '../../../shared/receipts';
import { useStore } from '../../app/store';
import { sendAction } from './send-action';

/** How long queued input waits for the device (the console's own call, or another client's) before it is refused. */
const BUSY_WAIT_MS = 3000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Item {
  envelope: ToolEnvelope;
  /** Typed on the mirror: text items merge, and a failure drops the typing behind it. */
  typed: boolean;
  done: Array<(r: Receipt | null) => void>;
}

// Module-level: the calls waiting their turn and whether one is going out (bookkeeping of sends, not state to render).
const queue: Item[] = [];
let running = false;

/** Typing into the focused field (no point to tap, nothing replaced): consecutive ones are one call. */
const isTyping = (e: ToolEnvelope) =>
  e.tool === 'input_text' && (e.args.target ?? null) === null && e.args.clear_exist === false;

async function sendWhenFree(envelope: ToolEnvelope): Promise<Receipt | null> {
  const until = Date.now() + BUSY_WAIT_MS;
  for (;;) {
    while (useStore.getState().inFlight > 0 && Date.now() < until) await sleep(20);
    const receipt = await sendAction(envelope, { observeInBackground: true });
    if (receipt?.status !== 'not_started' || receipt.code !== 'DEVICE_BUSY' || Date.now() > until) return receipt;
    await sleep(50);
  }
}

async function run(): Promise<void> {
  if (running) return;
  running = true;
  try {
    while (queue.length > 0) {
      const item = queue.shift()!;
      const receipt = await sendWhenFree(item.envelope);
      for (const d of item.done) d(receipt);
      if (item.typed && receipt !== null && !succeeded(receipt)) {
        for (const dropped of queue.filter((q) => q.typed)) for (const d of dropped.done) d(null);
        queue.splice(0, queue.length, ...queue.filter((q) => !q.typed));
      }
    }
  } finally {
    running = false;
  }
}

/** Sends `envelope` after everything queued before it; resolves to its receipt (null: not sent, see sendAction). */
export function queueAction(envelope: ToolEnvelope, options: { typed?: boolean } = {}): Promise<Receipt | null> {
  return new Promise((resolve) => {
    const typed = options.typed ?? false;
    const last = queue.at(-1);
    if (typed && last?.typed && isTyping(last.envelope) && isTyping(envelope)) {
      last.envelope = {
        ...last.envelope,
        args: { ...last.envelope.args, text: String(last.envelope.args.text) + String(envelope.args.text) },
      };
      last.done.push(resolve);
    } else queue.push({ envelope, typed, done: [resolve] });
    void run();
  });
}
