// Loads the tool contract (seed 000) from ../shared/seeds beside the repository, as the issues reference it.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Schema } from './seed-arbitraries';

export const SEED_PATH = fileURLToPath(new URL('../../../shared/seeds/000_58171f39be226953.txt', import.meta.url));

export interface SeedTool {
  description: string;
  inputSchema: Schema & { $defs?: Record<string, Schema> };
}

export const seedTools = JSON.parse(readFileSync(SEED_PATH, 'utf8')) as Record<string, SeedTool>;
