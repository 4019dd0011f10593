// shared/prepare: the one step from a received call to what is dispatched (executor) or previewed (renderer).
export { prepareCall, type Prepared } from './prepare-call';
export { needsMultiPointer, requiredCapability, type InjectCapability } from './capabilities';
