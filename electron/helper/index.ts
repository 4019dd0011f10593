// Host side of the on-device helper (protocol 4): install, connect or start (shared by every host), supervise.
export { HelperConnection, type HelloOutcome } from './helper-connection';
export { HelperLinkError, type HelperChannel, type HelperInfo, type HelperReply, type HelperResult } from './helper-channel';
export { DEVICE_HELPER_PATH, HELPER_ARTIFACT, installHelper, parseSha256sum, type InstallReport } from './installer';
export { connectOrStartHelper, helperCommand, type LaunchOutcome } from './helper-launcher';
export { HelperSupervisor, type HelperStatus } from './helper-supervisor';
