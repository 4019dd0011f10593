// shared/prepare: the one step from a received call to what is dispatched (executor) or previewed (renderer).
export { prepareCall, type Prepared } from './prepare-call';
export {
  contactCapabilities,
  needsHold,
  needsMultiPointer,
  requiredCapability,
  withImpliedCapabilities,
  type InjectCapability,
} from './capabilities';
