// The executor as the console uses it: createExecutor over the console's device sessions (input: helper first,
// then the live mirror's scrcpy control socket, then `adb shell input`), the shared device lock and the journal.
import { randomUUID } from 'node:crypto';
import { runIdFor } from '../../shared/receipts/run';
import { createExecutor, sessionDeviceLinks } from '../executor';
import { ReceiptJournal } from '../receipts';
import type { ExecutorContext } from './app-services';
import type { ExecutorPort } from './executor-port';

/** How long a stopping console waits for runs in flight to answer their cancellation. */
const STOP_GRACE_MS = 2000;

export function createConsoleExecutor(context: ExecutorContext): ExecutorPort {
  const executor = createExecutor({
    links: sessionDeviceLinks(context.sessions),
    locks: context.locks,
    journal: new ReceiptJournal({ dir: context.journalDir }),
    // One run per console session: everything the operator does from this window until it closes.
    runId: runIdFor('console', randomUUID()),
  });
  return {
    run: (envelope, options) => executor.run(envelope, options),
    cancel: (operationId) => executor.cancel(operationId),
    async capabilities(serial) {
      const c = await executor.capabilities(serial);
      return {
        backend: c.backend,
        tools: [...c.tools],
        capabilities: [...c.capabilities],
        ...(c.notices.length > 0 && { notices: c.notices }),
      };
    },
    occlusion: (serial, selector) => executor.occlusion(serial, selector),
    touch: (event, owner, resolve) => executor.touch(event, owner, resolve),
    async stop() {
      // Runs in flight stop between events and journal their own receipts; input still under way after the
      // grace period is journaled as `unknown` (recovery would do it at the next start otherwise).
      await executor.shutdown('the console was stopped', STOP_GRACE_MS);
      // Evidence still settling in the background gets the same grace, then is dropped (receipts are already out).
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        executor.drainEvidence(),
        new Promise<void>((resolve) => (timer = setTimeout(resolve, STOP_GRACE_MS))),
      ]);
      clearTimeout(timer);
    },
  };
}
