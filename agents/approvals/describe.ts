// A call in words for the owner's approval card: the tool and every argument that says what will happen,
// e.g. `click at [500, 620] (normalized) ×2`. Data, not a rendering: the console shows it verbatim.
const MAX = 2000;

function value(v: unknown): string {
  const text = JSON.stringify(v);
  return text === undefined ? String(v) : text.length > 200 ? `${text.slice(0, 200)}…` : text;
}

/** `tool: key=value, …` without defaults that say nothing (null, false). Bounded to 2000 characters. */
export function describeCall(tool: string, args: unknown): string {
  if (typeof args !== 'object' || args === null) return tool;
  const parts = Object.entries(args as Record<string, unknown>)
    .filter(([, v]) => v !== null && v !== false && v !== undefined)
    .map(([k, v]) => `${k}=${value(v)}`);
  const text = parts.length > 0 ? `${tool}: ${parts.join(', ')}` : tool;
  return text.length > MAX ? `${text.slice(0, MAX - 1)}…` : text;
}

/** The agent's stated purpose: seed 000's target_description (or the bridge's reason), shown verbatim. */
export function statedReason(args: unknown): string | null {
  if (typeof args !== 'object' || args === null) return null;
  const a = args as Record<string, unknown>;
  const r =
    typeof a['reason'] === 'string'
      ? a['reason']
      : typeof a['target_description'] === 'string'
        ? a['target_description']
        : null;
  return r === null ? null : r.slice(0, 600);
}
