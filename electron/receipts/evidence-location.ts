// Where a journal's evidence lives: beside its day files, so a journal folder moved or copied keeps its pictures.
import { join } from 'node:path';

export function evidenceDirOf(journalDir: string): string {
  return join(journalDir, 'evidence');
}
