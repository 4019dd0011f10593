// `content insert|update|delete|query --uri content://settings/(system|secure|global) …` over the settings
// provider, as the content tool calls it: `--bind name:TYPE:VALUE` (types s, i, l, f, d, b), `--where
// "name='KEY'"`, `--projection a:b`; query prints `Row: N _id=…, name=…, value=…` or `No result found.`.
import { SettingsStore } from '../../settings-store';
import type { Command } from '../context';

export const content: Command = async ({ argv, android, out, err }) => {
  const [verb, ...rest] = argv.slice(1);
  const opt = (name: string) => rest.flatMap((w, i) => (w === name ? [rest[i + 1] ?? ''] : []));
  const uri = opt('--uri')[0];
  const ns = /^content:\/\/settings\/(system|secure|global)$/.exec(uri ?? '')?.[1];
  if (!uri) {
    await err('[ERROR] Content provider URI not specified. Did you specify --uri argument?\n');
    return 1;
  }
  if (ns === undefined || !SettingsStore.isNamespace(ns)) {
    await err(
      `Error while accessing provider:${uri.replace(/^content:\/\//, '').split('/')[0]}\njava.lang.IllegalArgumentException: Unknown URI ${uri}\n`,
    );
    return 1;
  }
  const binds = new Map(
    opt('--bind').map((b) => {
      const [col, , ...value] = b.split(':');
      return [col ?? '', value.join(':')] as const;
    }),
  );
  const where = /name\s*=\s*'([^']*)'/.exec(opt('--where')[0] ?? '')?.[1] ?? null;
  switch (verb) {
    case 'insert':
    case 'update': {
      const key = binds.get('name') ?? where;
      const value = binds.get('value');
      if (!key || value === undefined) {
        await err('[ERROR] Bindings not specified. Did you specify --bind argument(s)?\n');
        return 1;
      }
      android.settings.put(ns, key, value);
      return 0;
    }
    case 'delete':
      if (where) android.settings.delete(ns, where);
      return 0;
    case 'query': {
      const rows = android.settings.list(ns).filter(([k]) => where === null || k === where);
      const projection = opt('--projection')[0]?.split(':') ?? ['_id', 'name', 'value'];
      if (rows.length === 0) {
        await out('No result found.\n');
        return 0;
      }
      const all = android.settings.list(ns).map(([k]) => k);
      await out(
        rows
          .map(([k, v], i) => {
            const cells: Record<string, string> = { _id: String(all.indexOf(k) + 1), name: k, value: v };
            return `Row: ${i} ${projection.map((c) => `${c}=${cells[c] ?? 'NULL'}`).join(', ')}\n`;
          })
          .join(''),
      );
      return 0;
    }
    default:
      await err(`[ERROR] Unsupported operation: ${verb ?? ''}\n`);
      return 1;
  }
};
