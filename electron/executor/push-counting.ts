// A push that reports its progress: the local file read in 1 MiB chunks, each counted as it goes to adb.
import { createReadStream } from 'node:fs';
import { Transform } from 'node:stream';
import type { AdbServer } from '../adb/adb-server';

export async function pushCounting(
  adb: AdbServer,
  serial: string,
  localPath: string,
  remotePath: string,
  onBytes: (sent: number) => void,
): Promise<void> {
  let sent = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _enc, done) {
      sent += chunk.length;
      onBytes(sent);
      done(null, chunk);
    },
  });
  const source = createReadStream(localPath, { highWaterMark: 1 << 20 });
  source.on('error', (e) => counter.destroy(e));
  await adb.push(serial, source.pipe(counter), remotePath);
}
