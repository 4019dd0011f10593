export { AgentGone, ApprovalQueue } from './approval-queue';
export { fileDecisionSink, inboxDirOf, type DecisionRecord } from './decision-journal';
export { describeCall, statedReason } from './describe';
export * from './types';
export { ApprovalInbox } from './inbox';
