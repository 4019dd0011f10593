// The seed's own JSON Schemas are the oracle (ajv, draft 2020-12):
// - whatever Tactile's schema accepts, the seed accepts (also after defaults are filled);
// - whatever the seed accepts, Tactile accepts, or its schema refuses it only at a documented tightening
//   (SEED_TIGHTENINGS), or semantic validation refuses it with a validation code;
// - Tactile's generated JSON Schema has the seed's property names, required lists and enums.
import Ajv2020Module from 'ajv/dist/2020.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TOOL_NAMES, isTightenedPath, parseToolArgs, toolJsonSchema, type ToolName } from '../../shared/actions';
import { validateToolCall } from '../../shared/validation';
import { VALIDATION_CODES, type TactileError } from '../../shared/errors';
import { seedTools } from './seed';
import { BoundaryCases } from './boundary-cases';
import { SeedArbitraries } from './seed-arbitraries';
import { diffOutlines, outline } from './structure';

// ajv ships CommonJS; under ESM its class is the module's default export.
const Ajv2020 = (Ajv2020Module as unknown as { default: typeof Ajv2020Module }).default ?? Ajv2020Module;
const ajv = new Ajv2020({ strict: false, allErrors: false });

const RUNS = 120;
const validationCodes: ReadonlySet<string> = new Set(VALIDATION_CODES);

function explainedBySchemaTightening(tool: ToolName, args: unknown, e: TactileError): boolean {
  const seedProps = seedTools[tool]!.inputSchema.properties ?? {};
  const top = /^\/args\/([^/]+)$/.exec(e.path)?.[1];
  const unknownTopKey =
    top !== undefined && !(top in seedProps) && typeof args === 'object' && args !== null && top in args;
  return e.code === 'INVALID_ARGUMENT' && (unknownTopKey || isTightenedPath(tool, e.path));
}

/** After the schema accepted: semantic validation accepts, or refuses with validation codes only. */
function expectSemanticRefusalOnly(tool: ToolName, args: unknown): void {
  const validated = validateToolCall({ tool, args });
  if (validated.ok) return;
  for (const e of validated.errors)
    expect(validationCodes.has(e.code) && e.code !== 'UNKNOWN_TOOL', JSON.stringify(e)).toBe(true);
}

describe.each(TOOL_NAMES)('seed oracle: %s', (tool) => {
  const seed = seedTools[tool]!.inputSchema;
  const seedAccepts = ajv.compile(seed);
  const arb = new SeedArbitraries(seed.$defs ?? {});

  const boundary = new BoundaryCases(seed.$defs ?? {}).cases(seed);

  it('has boundary cases on both sides of the oracle', () => {
    expect(boundary.some((v) => seedAccepts(v))).toBe(true);
    expect(boundary.some((v) => !seedAccepts(v))).toBe(true);
  });

  it('every single-site boundary case: Tactile-accepted ⇒ seed-accepted; seed-accepted ⇒ accepted or a tightening', () => {
    for (const args of boundary) {
      const r = parseToolArgs(tool, args);
      if (r.ok) {
        expect(seedAccepts(args), `${JSON.stringify(args)} accepted by Tactile only`).toBe(true);
        expectSemanticRefusalOnly(tool, args);
      } else if (seedAccepts(args)) {
        const unexplained = r.errors.filter((e) => !explainedBySchemaTightening(tool, args, e));
        expect(unexplained, JSON.stringify(args)).toEqual([]);
      }
    }
  });

  it('Tactile-accepted ⇒ seed-accepted (valid and mutated inputs, before and after defaults)', () => {
    fc.assert(
      fc.property(fc.oneof(arb.seedValid(seed, true), arb.seedMutant(seed)), (args) => {
        const r = parseToolArgs(tool, args);
        if (!r.ok) return;
        expect(seedAccepts(args), JSON.stringify(seedAccepts.errors)).toBe(true);
        expect(seedAccepts(r.call.args), JSON.stringify(seedAccepts.errors)).toBe(true);
      }),
      { numRuns: RUNS },
    );
  });

  it('seed-accepted ⇒ accepted, or refused only at a documented tightening or by a semantic code', () => {
    fc.assert(
      fc.property(arb.seedValid(seed, true), (args) => {
        expect(seedAccepts(args), 'generator produced a seed-invalid value').toBe(true);
        const parsed = parseToolArgs(tool, args);
        if (!parsed.ok) {
          const unexplained = parsed.errors.filter((e) => !explainedBySchemaTightening(tool, args, e));
          expect(unexplained).toEqual([]);
          return;
        }
        expectSemanticRefusalOnly(tool, args);
      }),
      { numRuns: RUNS },
    );
  });
});

describe('generated JSON Schema vs the seed', () => {
  // Enums Tactile adds where the seed's description names the values (see SEED_TIGHTENINGS).
  const expected: Partial<Record<ToolName, string[]>> = {
    press_key: ['/key: enum undefined → ["app_switch","back","delete","enter","home","menu","search","tab"]'],
    manage_app: ['/action: enum undefined → ["launch","stop"]'],
    wait_for_text: ['/wait_state: enum undefined → ["appear","disappear"]'],
  };

  it.each(TOOL_NAMES)('%s: same property names, required lists and enums', (tool) => {
    const ours = toolJsonSchema(tool) as Parameters<typeof outline>[0];
    expect(diffOutlines(outline(seedTools[tool]!.inputSchema), outline(ours))).toEqual(expected[tool] ?? []);
  });

  it.each(TOOL_NAMES)('%s: the same $defs names as the seed', (tool) => {
    const ours = toolJsonSchema(tool) as { $defs?: object };
    expect(Object.keys(ours.$defs ?? {}).sort()).toEqual(Object.keys(seedTools[tool]!.inputSchema.$defs ?? {}).sort());
  });

  it.each(TOOL_NAMES)(
    '%s: the generated schema compiles and agrees with the zod schema on seed-valid input',
    (tool) => {
      const seed = seedTools[tool]!.inputSchema;
      const oursAccepts = ajv.compile(toolJsonSchema(tool));
      const arb = new SeedArbitraries(seed.$defs ?? {});
      fc.assert(
        fc.property(fc.oneof(arb.seedValid(seed, true), arb.seedMutant(seed)), (args) => {
          expect(oursAccepts(args)).toBe(parseToolArgs(tool, args).ok);
        }),
        { numRuns: 40 },
      );
    },
  );
});
