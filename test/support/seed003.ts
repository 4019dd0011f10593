// Validates bridge responses against seed 003's OpenAPI document itself (ajv), by path, method and status.
import { SEED_003_OPENAPI } from '../../agents/contracts';
import { seedAjv } from './agent-rig';

const ajv = seedAjv();
ajv.addSchema(SEED_003_OPENAPI, 'seed003');

const escape = (s: string) => s.replace(/~/g, '~0').replace(/\//g, '~1');

/** The seed's template for a concrete path (/api/agent/commands/abc → /api/agent/commands/{id}). */
export function templateOf(path: string): string {
  return /^\/api\/agent\/commands\/[^/]+$/.test(path) ? '/api/agent/commands/{id}' : path;
}

/** Throws unless the seed declares this status for the operation and the body matches its schema. */
export function checkResponse(method: string, path: string, status: number, body: unknown): void {
  const op = `seed003#/paths/${escape(templateOf(path))}/${method.toLowerCase()}/responses/${status}/content/application~1json/schema`;
  const validate = ajv.getSchema(op) ?? ajv.compile({ $ref: op });
  if (!validate(body))
    throw new Error(
      `${method} ${path} ${status}: ${JSON.stringify(body)} does not match the seed: ${JSON.stringify(validate.errors)}`,
    );
}
