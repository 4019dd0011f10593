// Real-Android-14 output fixtures (test/fixtures/android14/*.txt) without their "# " header, which says where
// each comes from.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const DIR = join(__dirname, '..', 'fixtures', 'android14');

export function android14Fixture(name: string): string {
  const lines = readFileSync(join(DIR, `${name}.txt`), 'utf8').split('\n');
  const body = lines.findIndex((l) => !l.startsWith('# '));
  return lines.slice(body).join('\n');
}
