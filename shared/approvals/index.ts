// The approval queue's vocabulary, shared by main (agents/approvals) and the console's approvals panel
// through the IPC contract. Agents (MCP clients, the seed-003 bridge) ask; the owner decides at the console that
// mirrors the phone, or a policy the owner chose decides for them.
import { z } from 'zod';

/**
 * ask: every request waits for the owner (observe included); read-only: reads are approved, actions wait;
 * session: everything is approved for at most 15 minutes from when the owner opened it, then back to ask.
 */
export const APPROVAL_POLICIES = ['ask', 'read-only', 'session'] as const;
export type ApprovalPolicy = (typeof APPROVAL_POLICIES)[number];
export const ApprovalPolicySchema = z.enum(APPROVAL_POLICIES);

export const APPROVAL_SOURCES = ['mcp', 'bridge'] as const;

/** What the owner is asked: one canonical `{tool, args}` call on one device, in words and as data. */
export const ApprovalRequestSchema = z.strictObject({
  id: z.string().min(1).max(64),
  /** The agent's name (MCP clientInfo.name, or the bridge). */
  agent: z.string().min(1).max(64),
  source: z.enum(APPROVAL_SOURCES),
  serial: z.string().min(1).max(256),
  tool: z.string().min(1).max(64),
  /** The canonical arguments, validated in shape (defaults filled), exactly what will run. */
  args: z.unknown(),
  /** The arguments in words, for the owner. */
  summary: z.string().max(2000),
  /** The agent's stated reason (target_description / reason), never trusted, shown verbatim. */
  reason: z.string().max(600).nullable(),
  read_only: z.boolean(),
  created_at: z.int().min(0),
  expires_at: z.int().min(0),
});
export type ApprovalRequest = z.infer<typeof ApprovalRequestSchema>;

/**
 * cancelled: the agent cancelled its call, or the queue/session was stopped; withdrawn: the agent went away while
 * it waited (its connection dropped, its MCP session closed or expired), so nobody would receive the answer.
 */
export const VERDICTS = ['approved', 'rejected', 'expired', 'cancelled', 'withdrawn'] as const;

export const DecisionSchema = z.strictObject({
  verdict: z.enum(VERDICTS),
  /** owner, policy:read-only, policy:session, or system (expiry, cancellation, stop). */
  by: z.string().min(1).max(64),
  /** Returned to the agent: the owner's reason for a rejection, or why it expired / was cancelled. */
  reason: z.string().max(600).nullable(),
  decided_at: z.int().min(0),
});
export type Decision = z.infer<typeof DecisionSchema>;

export const AgentPolicyViewSchema = z.strictObject({
  agent: z.string(),
  policy: ApprovalPolicySchema,
  /** Epoch ms when a session policy ends; null otherwise. */
  session_until: z.int().nullable(),
});
export type AgentPolicyView = z.infer<typeof AgentPolicyViewSchema>;

/** Pending requests expire after 120 s; sessions last at most 15 minutes. */
export const APPROVAL_EXPIRY_MS = 120_000;
export const SESSION_MS = 15 * 60_000;

/** How long the approvals panel keeps showing a withdrawn request (so the owner sees why a card went). */
export const WITHDRAWN_SHOWN_MS = 60_000;

/** A request whose agent went away before the owner decided: shown as withdrawn, no longer answerable. */
export const WithdrawnRequestSchema = z.strictObject({
  request: ApprovalRequestSchema,
  reason: z.string().max(600),
  withdrawn_at: z.int().min(0),
});
export type WithdrawnRequest = z.infer<typeof WithdrawnRequestSchema>;

/**
 * What the approvals panel shows: pending requests (oldest first), every configured policy, and the requests
 * withdrawn in the last WITHDRAWN_SHOWN_MS (newest first).
 */
export const ApprovalsViewSchema = z.strictObject({
  requests: z.array(ApprovalRequestSchema),
  policies: z.array(AgentPolicyViewSchema),
  withdrawn: z.array(WithdrawnRequestSchema).default([]),
});
export type ApprovalsView = z.infer<typeof ApprovalsViewSchema>;
