// The tool contract (seed 000) as the repository vendors it (agents/contracts, checked equal to
// ../shared/seeds by contracts.test.ts when that folder is beside the repository), so the oracles run in any clone.
import { SEED_000_TOOLS } from '../../agents/contracts';
import type { Schema } from './seed-arbitraries';

export interface SeedTool {
  description: string;
  inputSchema: Schema & { $defs?: Record<string, Schema> };
}

export const seedTools = SEED_000_TOOLS as unknown as Record<string, SeedTool>;
