// The flow channels as the console serves them: replays and group control run through the console's executor
// as the console's owner, read geometry and failure screens through the device directory's sessions, and
// announce every receipt (receipt.completed, journal form) and every matrix change (flows.replay.changed).
import { join } from 'node:path';
import type { Owner } from '../../shared/receipts';
import { journalForm } from '../receipts';
import type { DeviceDirectory } from '../services/device-directory';
import type { EventHub } from '../services/event-hub';
import type { ExecutorPort } from '../services/executor-port';
import { createFlowServices, flowHandlers } from './flow-handlers';
import { defaultFlowsDir } from './library';
import type { ReplayDeps } from './replay';
import type { JournalIndex } from '../receipts/journal-index';
import { EvidenceStore } from '../receipts/evidence-store';
import { evidenceDirOf } from '../receipts/evidence-location';
import { screenShown } from './screen-shown';

export interface ConsoleFlowDeps {
  directory: DeviceDirectory;
  executor: ExecutorPort;
  events: EventHub;
  owner: Owner;
  /** <data dir>/flows. */
  flowsDir: string;
  /** The journal a run is saved as a flow from (flows.from-run); none: that channel is unavailable. */
  index?: JournalIndex;
}

/** <data dir>/flows beside <data dir>/receipts (the default library when none is configured). */
export function flowsBesideJournal(journalDir: string | undefined): string {
  return journalDir ? join(journalDir, '..', 'flows') : defaultFlowsDir();
}

export function consoleFlowHandlers(deps: ConsoleFlowDeps): ReturnType<typeof flowHandlers> {
  const { directory, events } = deps;
  const replayDeps: ReplayDeps & { onReceipt: NonNullable<ReplayDeps['onReceipt']> } = {
    executor: deps.executor,
    owner: deps.owner,
    async geometry(serial) {
      const info = await directory.info((await directory.resolve(serial)).serial);
      return { screen: info.screen, density: info.density, rotation: info.rotation };
    },
    async screenShown(serial) {
      const device = await directory.resolve(serial);
      return screenShown(await directory.session(device.serial, device.server).observe());
    },
    onReceipt: (receipt) => events.emit('receipt.completed', { receipt: journalForm(receipt) }),
    onChange: (replay) => events.emit('flows.replay.changed', { replay }),
  };
  const index = deps.index;
  const runs = index && {
    index,
    store: new EvidenceStore(evidenceDirOf(index.journalDir)),
    async device(serial: string) {
      const device = await directory.resolve(serial);
      const session = directory.session(device.serial, device.server);
      return {
        async geometry() {
          const info = await directory.info(device.serial);
          return { screen: info.screen, density: Math.round(info.density), rotation: info.rotation, sdk: info.sdk };
        },
        shell: (command: string) => session.shell(command),
      };
    },
  };
  return flowHandlers(createFlowServices(deps.flowsDir, replayDeps), { ...replayDeps, ...(runs && { runs }) });
}
