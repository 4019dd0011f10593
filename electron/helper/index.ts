// Host side of the on-device helper (protocol 3): install, launch, connect, supervise.
export { type HelperChannel } from './helper-channel';
export { HELPER_ARTIFACT, installHelper } from './installer';
export { HelperSupervisor } from './helper-supervisor';
