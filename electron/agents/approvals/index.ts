export { AgentGone, ApprovalQueue, ANY_AGENT, type ApprovalQueueOptions, type NewRequest } from './approval-queue';
export { defaultApprovalsDir, fileDecisionSink, inboxDirOf, type DecisionRecord, type DecisionSink } from './decision-journal';
export { describeCall, statedReason } from './describe';
export * from './types';
export { ApprovalInbox, type InboxAnswer } from './inbox';
