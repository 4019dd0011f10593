// The planning budget's figure, in a leaf module the sampler can import without importing the budget.

/** Motion events one call may plan: ~10 MB of plan, ~13 minutes of continuous 60 Hz contact. */
export const MAX_PLAN_EVENTS = 50_000;
