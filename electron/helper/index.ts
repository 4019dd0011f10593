// Host side of the on-device helper (protocol 4): install, connect or start (shared by every host), supervise.
export { type HelperChannel } from './helper-channel';
export { HELPER_ARTIFACT, installHelper } from './installer';
export { HelperSupervisor } from './helper-supervisor';
