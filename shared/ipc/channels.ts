// Channel names of the one IPC contract, without their schemas, so the preload (which only forwards) stays
// small. contract.ts gives every name its zod schemas; a test checks both lists agree.

export const REQUEST_CHANNELS = [
  'devices.list',
  'devices.connect',
  'devices.disconnect',
  'device.info',
  'device.observe',
  'device.screenshot',
  'device.execute',
  'device.cancel',
  'device.capabilities',
  'device.occlusion',
  'lock.status',
  'receipts.list',
  'mirror.start',
  'mirror.stop',
  'mirror.keyframe',
  'mirror.screen-off',
  'approvals.list',
  'approvals.decide',
  'approvals.set-policy',
  'approvals.stop-session',
  'agents.list',
  'agents.start',
  'agents.stop',
  // The receipt debugger (issue 15, evidence-contract.ts).
  'runs.list',
  'receipts.page',
  'evidence.get',
  'evidence.batch',
  'report.generate',
  'flows.list',
  'flows.open',
  'flows.save',
  'flows.rename',
  'flows.duplicate',
  'flows.delete',
  'flows.import',
  'flows.export',
  'flows.from-run',
  'flows.replay.start',
  'flows.replay.pause',
  'flows.replay.resume',
  'flows.replay.stop',
  'flows.replay.list',
  'group.dispatch',
  'logcat.read',
  // Operator essentials (issue 18): shared/ipc/operator-contract.ts.
  'device.button',
  'device.type',
  'device.key',
  'clipboard.get',
  'clipboard.set',
  'apps.list',
  'apps.action',
  'files.list',
  'transfer.push-begin',
  'transfer.push-chunk',
  'transfer.push-end',
  'files.pull',
  'transfer.cancel',
  'capture.screenshot',
  'recording.start',
  'recording.stop',
  'capture.save',
  'devices.pair',
  // The document's autosave (document-contract.ts).
  'document.load',
  'document.save',
  // Live touch (issue 25): shared/ipc/live-touch-contract.ts.
  'device.touch',
] as const;

export const EVENT_CHANNELS = [
  'devices.changed',
  'receipt.completed',
  'mirror.packet',
  'mirror.ended',
  'approvals.changed',
  'flows.replay.changed',
  'transfer.progress',
  'evidence.recorded',
] as const;

export type RequestChannel = (typeof REQUEST_CHANNELS)[number];
export type EventChannel = (typeof EVENT_CHANNELS)[number];

/** Electron IPC channel name of a contract channel (a prefix keeps them apart from Electron's own). */
export const IPC_PREFIX = 'tactile:';

const camel = (channel: string): string => channel.replace(/[.-](\w)/g, (_, c: string) => c.toUpperCase());

/** Name of the preload function for a request channel: 'device.observe' → 'deviceObserve'. */
export function requestFunctionName(channel: RequestChannel): string {
  return camel(channel);
}

/** Name of the preload subscription for an event channel: 'receipt.completed' → 'onReceiptCompleted'. */
export function eventFunctionName(channel: EventChannel): string {
  const name = camel(channel);
  return 'on' + name.charAt(0).toUpperCase() + name.slice(1);
}
