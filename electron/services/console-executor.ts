// The executor as the console uses it: createExecutor over adb device links (helper first, then the live
// mirror's scrcpy control socket, then `adb shell input`), the shared device lock and the receipt journal.
import { createExecutor, serverDeviceLinks } from '../executor';
import { ReceiptJournal } from '../receipts';
import type { ExecutorContext } from './app-services';
import type { ExecutorPort } from './executor-port';

export function createConsoleExecutor(context: ExecutorContext): ExecutorPort {
  const links = serverDeviceLinks(context.servers, context.scrcpyInput);
  const executor = createExecutor({
    links,
    locks: context.locks,
    journal: new ReceiptJournal({ dir: context.journalDir }),
  });
  return {
    run: (envelope, options) => executor.run(envelope, options),
    async capabilities(serial) {
      const c = await executor.capabilities(serial);
      return { backend: c.backend, tools: [...c.tools], capabilities: [...c.capabilities] };
    },
    stop: () => links.stop(),
  };
}
