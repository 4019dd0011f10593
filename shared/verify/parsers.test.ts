// The pure parts behind seed 004's logs and network tools, and the fingerprint's inputs on a hand-made snapshot.
import { describe, expect, it } from 'vitest';
import type { HelperNode } from '../helper-protocol';
import { screenFingerprint, fingerprintLines } from './fingerprint';
import { parseLogcat } from './logcat';
import { networkEvents } from './network';
import { decodeHandle, encodeHandle, resolveElement } from './resolve';
import type { UiSnapshot } from './snapshot';

const flags = {
  checkable: false,
  checked: false,
  clickable: false,
  long_clickable: false,
  focusable: false,
  focused: false,
  selected: false,
  enabled: true,
  editable: false,
  scrollable: false,
  password: false,
  visible: true,
};
const node = (over: Partial<HelperNode>): HelperNode => ({
  window_id: 1,
  parent: null,
  children: [],
  class_name: 'android.widget.TextView',
  resource_id: null,
  text: null,
  content_desc: null,
  package_name: 'app',
  bounds_px: [0, 0, 100, 100],
  flags,
  range: null,
  actions: [],
  selection: null,
  ...over,
});
const snapshot = (nodes: HelperNode[], activity = 'app/.Main'): UiSnapshot => ({
  activity,
  display: { width: 1080, height: 2400 },
  source: 'helper',
  nodes,
  windows: [
    {
      id: 1,
      display_id: 0,
      layer: 1,
      type: 'application',
      package_name: 'app',
      bounds: [0, 0, 1080, 2400],
      touchable_region: null,
      focused: true,
      active: true,
    },
    {
      id: 2,
      display_id: 0,
      layer: 3,
      type: 'system',
      package_name: 'com.android.systemui',
      bounds: [0, 0, 1080, 80],
      touchable_region: null,
      focused: false,
      active: false,
    },
  ],
});

describe('fingerprint', () => {
  const screen = (clock: string, rows: number, y: number) =>
    snapshot([
      node({ resource_id: 'app:id/title', text: 'Inbox', children: [] }),
      node({ text: `Updated ${clock}` }),
      node({ class_name: 'android.widget.Button', text: 'Refresh' }),
      node({
        resource_id: 'app:id/list',
        flags: { ...flags, scrollable: true },
        children: Array.from({ length: rows }, (_, i) => 4 + i),
      }),
      ...Array.from({ length: rows }, (_, i) =>
        node({
          parent: 3,
          resource_id: `app:id/row_${i + y}`,
          text: `Row ${i + y}`,
          bounds_px: [0, i * 10 + y, 100, i * 10 + y + 10],
        }),
      ),
      node({ window_id: 2, resource_id: 'com.android.systemui:id/clock', text: clock }),
    ]);

  it('ignores clock text, list rows and bounds; keeps ids, labels and the activity', () => {
    expect(screenFingerprint(screen('12:00', 5, 0))).toBe(screenFingerprint(screen('12:07', 7, 13)));
    expect(fingerprintLines(screen('12:00', 5, 0))).toEqual([
      'v1',
      'activity:app/.Main',
      'id:android.widget.TextView|app:id/list',
      'id:android.widget.TextView|app:id/title',
      'node:android.widget.Button||Refresh',
      'node:android.widget.TextView||',
    ]);
    expect(screenFingerprint(snapshot(screen('12:00', 5, 0).nodes, 'app/.Details'))).not.toBe(
      screenFingerprint(screen('12:00', 5, 0)),
    );
    const relabelled = screen('12:00', 5, 0);
    relabelled.nodes[2] = node({ class_name: 'android.widget.Button', text: 'Send' });
    expect(screenFingerprint(relabelled)).not.toBe(screenFingerprint(screen('12:00', 5, 0)));
  });
});

describe('element handles', () => {
  it('round-trip, resolve by partial text with lower confidence, and reject garbage', () => {
    const n = node({ resource_id: 'app:id/ok', text: 'Ünïcode OK', flags: { ...flags, clickable: true } });
    expect(decodeHandle(encodeHandle(n))).toMatchObject({ r: 'app:id/ok', t: 'Ünïcode OK', b: [0, 0, 100, 100] });
    expect(decodeHandle('el1.%%%')).toBeNull();
    expect(decodeHandle('nope')).toBeNull();
    const r = resolveElement(snapshot([n, node({ text: 'ok' })]), { text: 'ok' });
    expect(r.best).toMatchObject({ text: 'ok', confidence: 1 });
    expect(r.alternates[0]).toMatchObject({ text: 'Ünïcode OK', confidence: 0.6 });
  });
});

describe('logcat and network', () => {
  const log = [
    '--------- beginning of main',
    '1767225600.000  4279  4290 I okhttp.OkHttpClient: --> GET https://api.example.com/items',
    '1767225600.050  4279  4290 I okhttp.OkHttpClient: --> POST https://analytics.example.com/e',
    '1767225600.120  4279  4290 I okhttp.OkHttpClient: <-- 500 Internal Server Error https://api.example.com/items (120ms, 0-byte body)',
    '01-01 00:00:01.000  4279  4290 I okhttp.OkHttpClient: --> GET https://api.example.com/me',
    '01-01 00:00:03.000  4279  4290 I okhttp.OkHttpClient: <-- HTTP FAILED: java.net.UnknownHostException: Unable to resolve host',
    '01-01 00:00:04.000  4279  4279 E Volley  : [12] BasicNetwork.performRequest: Unexpected response code 403 for https://api.example.com/admin',
    'continued line',
  ].join('\n');

  it('parses epoch and threadtime lines, continuation lines included', () => {
    const entries = parseLogcat(log, 2026);
    expect(entries).toHaveLength(6);
    expect(entries[3]).toMatchObject({
      time_ms: Date.UTC(2026, 0, 1, 0, 0, 1),
      pid: 4279,
      tid: 4290,
      level: 'I',
      tag: 'okhttp.OkHttpClient',
    });
    expect(entries[5]!.message.endsWith('\ncontinued line')).toBe(true);
  });

  it('pairs requests with responses and classes them; background requests are left out', () => {
    expect(networkEvents(parseLogcat(log, 2026)).map(({ time_ms: _t, ...r }) => r)).toEqual([
      {
        endpoint: 'https://api.example.com/items',
        method: 'GET',
        statusCode: 500,
        networkError: null,
        status: 'retryable',
        durationMs: 120,
      },
      {
        endpoint: 'https://api.example.com/me',
        method: 'GET',
        statusCode: null,
        networkError: 'dns_error',
        status: 'retryable',
        durationMs: 2000,
      },
      {
        endpoint: 'https://api.example.com/admin',
        method: 'GET',
        statusCode: 403,
        networkError: null,
        status: 'failure',
        durationMs: null,
      },
    ]);
  });
});
