// The seed-003 bridge answers only requests whose Host names it (DNS rebinding: a page on evil.example made to
// resolve to 127.0.0.1 is refused with 403 before its token is even looked at).
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApprovalQueue } from '../approvals';
import { issueToken } from '../security/token';
import { startBridge, type BridgeServer } from './server';

const issued = issueToken('tactile_bridge_test_');
let bridge: BridgeServer;
let approvals: ApprovalQueue;

beforeAll(async () => {
  approvals = new ApprovalQueue();
  const executor = {
    run: async () => {
      throw new Error('nothing may run');
    },
  };
  bridge = await startBridge({
    executor,
    approvals,
    serial: 's',
    deviceName: 'Lab',
    verifier: issued.verifier,
    policy: 'ask',
    port: 0,
  });
});
afterAll(async () => {
  await bridge.close();
  approvals.close();
});

function get(host: string, token = issued.token): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port: bridge.port,
        path: '/api/agent/device',
        headers: { host, authorization: `Bearer ${token}` },
      },
      (res) => {
        let body = '';
        res.on('data', (c: Buffer) => (body += c.toString()));
        res.on('end', () => resolve({ status: res.statusCode!, body }));
      },
    );
    req.once('error', reject);
    req.end();
  });
}

describe('seed 003 bridge Host check', () => {
  it('refuses a Host that does not name it with 403, token or not; answers 127.0.0.1, localhost and [::1] at its port', async () => {
    expect(await get(`evil.example:${bridge.port}`)).toMatchObject({
      status: 403,
      body: expect.stringContaining('Host'),
    });
    expect((await get(`evil.example:${bridge.port}`, 'wrong')).status).toBe(403);
    expect((await get(`127.0.0.1:${bridge.port + 1}`)).status).toBe(403);
    expect((await get('127.0.0.1')).status).toBe(403);
    for (const host of [`127.0.0.1:${bridge.port}`, `localhost:${bridge.port}`, `[::1]:${bridge.port}`])
      expect((await get(host)).status, host).toBe(200);
  });
});
