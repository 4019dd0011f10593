// get_network_activity: HTTP requests as Android HTTP clients log them, paired request → response.
// Understood: OkHttp's HttpLoggingInterceptor (`--> GET url`, `<-- 200 OK url (12ms…)`, `<-- HTTP FAILED: e`)
// and Volley's `BasicNetwork.logSlowRequests` / `Unexpected response code 503 for url` lines.
// Background requests (analytics, telemetry, metrics, heartbeats, static assets) are left out (seed 004:
// significant requests only). status: 2xx (or a request with no error signal) success, 4xx failure,
// 5xx or a network error retryable.
import type { LogEntry } from './logcat';

export interface NetworkEvent {
  endpoint: string;
  method: string;
  statusCode: number | null;
  networkError: string | null;
  status: 'success' | 'failure' | 'retryable';
  durationMs: number | null;
  time_ms: number;
}

const REQUEST = /^--> ([A-Z]+) (\S+)/;
const RESPONSE = /^<-- (\d{3})\b.*?(\S+:\/\/\S+)(?: \((\d+)ms)?/;
const FAILED = /^<-- HTTP FAILED: (.*)$/;
const VOLLEY = /Unexpected response code (\d{3}) for (\S+)/;
const BACKGROUND =
  /(analytics|telemetry|metrics|heartbeat|crashlytics|beacon|\/ping\b)|\.(png|jpe?g|gif|webp|svg|css|js|woff2?)(\?|$)/i;

function errorKind(e: string): string {
  if (/SocketTimeoutException|timeout/i.test(e)) return 'timeout';
  if (/UnknownHostException/i.test(e)) return 'dns_error';
  if (/SSL|TLS|CertPath/i.test(e)) return 'tls_error';
  if (/ConnectException|refused/i.test(e)) return 'connection_refused';
  return 'network_error';
}

const classOf = (code: number): NetworkEvent['status'] =>
  code >= 500 ? 'retryable' : code >= 400 ? 'failure' : 'success';

export function networkEvents(entries: readonly LogEntry[]): NetworkEvent[] {
  const out: NetworkEvent[] = [];
  // Per thread, the requests still waiting for an answer: OkHttp runs a call on one dispatcher thread until it
  // answers, so a thread's answer (an `HTTP FAILED` names no URL) belongs to its newest open request.
  const open = new Map<string, Array<{ method: string; url: string; time_ms: number; event: NetworkEvent }>>();
  for (const e of entries) {
    const m = e.message;
    const req = REQUEST.exec(m);
    if (req) {
      const event: NetworkEvent = {
        endpoint: req[2]!,
        method: req[1]!,
        statusCode: null,
        networkError: null,
        status: 'success',
        durationMs: null,
        time_ms: e.time_ms,
      };
      out.push(event);
      const thread = `${e.pid}:${e.tid}`;
      open.set(thread, [...(open.get(thread) ?? []), { method: req[1]!, url: req[2]!, time_ms: e.time_ms, event }]);
      continue;
    }
    const res = RESPONSE.exec(m);
    const failed = FAILED.exec(m);
    if (res || failed) {
      const waiting = open.get(`${e.pid}:${e.tid}`) ?? [];
      const byUrl = res ? waiting.findIndex((w) => w.url === res[2]) : -1;
      const w = waiting[byUrl >= 0 ? byUrl : waiting.length - 1];
      if (!w) continue;
      waiting.splice(waiting.indexOf(w), 1);
      if (res) {
        w.event.statusCode = Number(res[1]);
        w.event.status = classOf(w.event.statusCode);
        w.event.durationMs = res[3] !== undefined ? Number(res[3]) : e.time_ms - w.time_ms;
      } else {
        w.event.networkError = errorKind(failed![1]!);
        w.event.status = 'retryable';
        w.event.durationMs = e.time_ms - w.time_ms;
      }
      continue;
    }
    const v = VOLLEY.exec(m);
    if (v)
      out.push({
        endpoint: v[2]!,
        method: 'GET',
        statusCode: Number(v[1]),
        networkError: null,
        status: classOf(Number(v[1])),
        durationMs: null,
        time_ms: e.time_ms,
      });
  }
  return out.filter((r) => !BACKGROUND.test(r.endpoint));
}
