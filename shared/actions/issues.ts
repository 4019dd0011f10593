// zod issues → Tactile errors: INVALID_ARGUMENT with a JSON Pointer into the `{tool, args}` envelope.
import type { z } from 'zod';
import { tactileError, type TactileError } from '../errors';

type Segment = string | number;

function describe(issue: z.core.$ZodIssue): string {
  switch (issue.code) {
    case 'invalid_type':
      // zod 4 names the received type in its message; "undefined" means the property is absent.
      return /received undefined$/.test(issue.message)
        ? `Required property is missing (expected ${issue.expected}).`
        : `${issue.message}.`;
    case 'invalid_union':
      if (issue.discriminator !== undefined && 'options' in issue && issue.options) {
        return `Unknown ${issue.discriminator}; expected one of ${issue.options.map((o) => JSON.stringify(o)).join(', ')}.`;
      }
      return 'Matches none of the allowed forms.';
    default:
      return `${issue.message}.`;
  }
}

/** One error per issue; an unknown-keys issue becomes one error per key, pointing at the key itself. */
export function issuesToErrors(
  issues: ReadonlyArray<z.core.$ZodIssue>,
  prefix: ReadonlyArray<Segment>,
): TactileError[] {
  const errors: TactileError[] = [];
  for (const issue of issues) {
    const path = [...prefix, ...issue.path.map((p) => (typeof p === 'symbol' ? String(p) : p))];
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) {
        errors.push(tactileError('INVALID_ARGUMENT', [...path, key], `Unknown property "${key}" is not allowed here.`));
      }
    } else {
      errors.push(tactileError('INVALID_ARGUMENT', path, describe(issue)));
    }
  }
  return errors;
}
