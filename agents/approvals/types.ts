// The queue's types live in shared/approvals: the console's panel reads the same shapes over IPC.
export * from '../../shared/approvals';
