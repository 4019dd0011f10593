// The executor as the console uses it: createExecutor over the console's device sessions (input: helper first,
// then the live mirror's scrcpy control socket, then `adb shell input`), the shared device lock and the journal.
import { createExecutor, sessionDeviceLinks } from '../executor';
import { ReceiptJournal } from '../receipts';
import type { ExecutorContext } from './app-services';
import type { ExecutorPort } from './executor-port';

export function createConsoleExecutor(context: ExecutorContext): ExecutorPort {
  const executor = createExecutor({
    links: sessionDeviceLinks(context.sessions),
    locks: context.locks,
    journal: new ReceiptJournal({ dir: context.journalDir }),
  });
  return {
    run: (envelope, options) => executor.run(envelope, options),
    cancel: (operationId) => executor.cancel(operationId),
    async capabilities(serial) {
      const c = await executor.capabilities(serial);
      return { backend: c.backend, tools: [...c.tools], capabilities: [...c.capabilities] };
    },
    occlusion: (serial, selector) => executor.occlusion(serial, selector),
  };
}
