// shared/ipc: the one typed contract between the renderer and main, on either transport.
export * from './channels';
export * from './contract';
export * from './schemas';
export * from './flows';
export * from './operator-contract';
export * from './live-touch-contract';
export * from './helper-notices';
export { createDispatcher, isRequestChannel, type Dispatch, type Handler, type Handlers } from './dispatcher';
export { errorFromThrown, isErrorCode, IpcError, tactileErrorReply, type IpcReply } from './reply';
export { BRIDGE_PATH, BridgeRequestSchema, decodeWire, encodeWire, type BridgeRequest, type BridgeServerMessage } from './wire';
export type { TactileApi, EventListener } from './api';
export { EVIDENCE_CHANNELS, EVIDENCE_REQUESTS } from './evidence-contract';
