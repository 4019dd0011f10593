// The executor as the console uses it: I's createExecutor over adb device links (helper first, `adb shell
// input` as the fallback), the shared device lock and the receipt journal.
import { locateDevice, type AdbServer } from '../adb';
import type { DeviceLocks } from '../device/lock';
import { adbDeviceLink, createExecutor } from '../executor';
import { HelperSupervisor } from '../helper';
import { ReceiptJournal } from '../receipts';
import type { ExecutorPort } from './executor-port';

export function createConsoleExecutor(context: { servers: readonly AdbServer[]; locks: DeviceLocks; journalDir: string }): ExecutorPort {
  const supervisors = new Map<AdbServer, HelperSupervisor>();
  const supervisorFor = (adb: AdbServer) => {
    let supervisor = supervisors.get(adb);
    if (!supervisor) {
      supervisor = new HelperSupervisor(adb);
      supervisors.set(adb, supervisor);
    }
    return supervisor;
  };
  const executor = createExecutor({
    links: {
      open: async (serial) => {
        const adb = await locateDevice(context.servers, serial);
        return adbDeviceLink(adb, supervisorFor(adb), serial);
      },
    },
    locks: context.locks,
    journal: new ReceiptJournal({ dir: context.journalDir }),
  });
  return {
    run: (envelope, options) => executor.run(envelope, options),
    async capabilities(serial) {
      const c = await executor.capabilities(serial);
      return { backend: c.backend, tools: [...c.tools] };
    },
    stop() {
      for (const supervisor of supervisors.values()) supervisor.stopAll();
    },
  };
}
