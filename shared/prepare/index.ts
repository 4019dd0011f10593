// shared/prepare: the one step from a received call to what is dispatched (executor) or previewed (renderer).
export { prepareCall, type PrepareOptions, type Prepared } from './prepare-call';
export { isTapPlan, planContacts, tapContact } from '../gesture';
export {
  callNeeds, contactCapabilities, missingCapabilities, needsHold, needsMultiPointer, requiredCapability, withImpliedCapabilities, type InjectCapability,
} from './capabilities';
