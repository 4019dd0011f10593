// The Details screen's "Sync" action: one request to the lab's backend per click, logged the way OkHttp's
// HttpLoggingInterceptor (Level.BASIC) logs on Android (tag `okhttp.OkHttpClient`), plus a background
// telemetry beacon. Outcomes cycle per click so every status class can be produced on demand:
// 200 OK, 404 Not Found, 503 Service Unavailable, then a SocketTimeoutException after the 10 s read timeout.
export const SYNC_URL = 'https://api.tactile.lab/v1/sync';
export const TELEMETRY_URL = 'https://telemetry.tactile.lab/v1/events';
const TAG = 'okhttp.OkHttpClient';

export interface SyncState {
  count: number;
  status: string;
}

export const initialSync = (): SyncState => ({ count: 0, status: 'Not synced' });

type Log = (tag: string, message: string, level: 'D' | 'I' | 'W' | 'E') => void;

const OUTCOMES = [
  { code: 200, reason: 'OK', ms: 142, bytes: 58, status: 'Synced' },
  { code: 404, reason: 'Not Found', ms: 87, bytes: 23, status: 'Sync failed: 404' },
  { code: 503, reason: 'Service Unavailable', ms: 311, bytes: 0, status: 'Sync failed: 503' },
  { code: null, reason: 'timeout', ms: 10_000, bytes: 0, status: 'Sync failed: timeout' },
] as const;

export function runSync(s: SyncState, log: Log): void {
  const n = s.count++;
  const o = OUTCOMES[n % OUTCOMES.length]!;
  const url = `${SYNC_URL}?n=${n + 1}`;
  log(TAG, `--> GET ${url}`, 'I');
  if (o.code === null) {
    log(TAG, `<-- HTTP FAILED: java.net.SocketTimeoutException: ${o.reason}`, 'I');
    log('TactileLab', `sync ${n + 1} failed: java.net.SocketTimeoutException: ${o.reason}`, 'E');
  } else {
    log(TAG, `<-- ${o.code} ${o.reason} ${url} (${o.ms}ms, ${o.bytes}-byte body)`, 'I');
    if (o.code >= 400) log('TactileLab', `sync ${n + 1} failed: HTTP ${o.code}`, 'W');
  }
  log(TAG, `--> POST ${TELEMETRY_URL} (48-byte body)`, 'I');
  log(TAG, `<-- 204 No Content ${TELEMETRY_URL} (21ms, 0-byte body)`, 'I');
  s.status = o.status;
}
