import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createClientAndSignIn, createStaffAndSignIn, signIn } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const logOf = async (token: string, query = '') =>
  (await t.app.inject({ method: 'GET', url: `/api/audit-log${query}`, headers: bearer(token) })).json();

describe('the audit log', () => {
  it('records registration, sign-ins, failed sign-ins, plan changes and settings with actor and IP', async () => {
    const admin = await createClientAndSignIn(t.app, { plan: 'STARTER' });
    await t.app.inject({
      method: 'POST',
      url: '/api/v2/client-user/signin',
      payload: { email: admin.email, password: 'wrong password' },
      remoteAddress: '203.0.113.9',
    });
    await t.app.inject({
      method: 'PUT',
      url: '/api/v2/add/client/integration',
      headers: bearer(admin.clientToken),
      payload: {
        type: 'NOTIFICATION',
        data: { enabled: true, returns_email_address: 'returns@example.com' },
      },
    });
    const log = await logOf(admin.clientToken);
    const actions = log.content.map((e: { action: string }) => e.action);
    expect(actions).toEqual(
      expect.arrayContaining([
        'client.registered',
        'auth.signed_in',
        'auth.sign_in_failed',
        'billing.plan_changed',
        'settings.integration_saved',
      ]),
    );
    const failed = log.content.find((e: { action: string }) => e.action === 'auth.sign_in_failed');
    expect(failed.ip).toBe('203.0.113.9');
    expect(failed.actor_id).toBe(admin.userId);
    const saved = log.content.find((e: { action: string }) => e.action === 'settings.integration_saved');
    expect(saved.changes.returns_email_address.to).toBe('returns@example.com');
    expect(log.pagination.count).toBe(log.content.length);
    expect(log.content[0].occurred_at >= log.content.at(-1).occurred_at).toBe(true);
  });

  it('leaves out the lists read with a POST (their filter in the body), which change nothing', async () => {
    const admin = await createClientAndSignIn(t.app, { plan: 'BUSINESS' });
    const before = (await logOf(admin.clientToken)).pagination.count;
    const reads = [
      { url: '/api/v2/client/filtered/branch/list', payload: { page: 1, size: 15 } },
      { url: '/api/v2/get/branches', payload: { page: 1, size: 15 } },
      { url: '/api/v2/filter/products', payload: [] },
    ];
    for (const read of reads) {
      const response = await t.app.inject({ method: 'POST', headers: bearer(admin.clientToken), ...read });
      expect(response.statusCode, read.url).toBe(200);
    }
    const log = await logOf(admin.clientToken);
    expect(log.pagination.count).toBe(before);
    expect(log.content.map((e: { action: string }) => e.action)).not.toContain(
      'POST /api/v2/client/filtered/branch/list',
    );
  });

  it('filters by action, actor and date, and pages', async () => {
    const admin = await createClientAndSignIn(t.app, { plan: 'STARTER' });
    const manager = await createStaffAndSignIn(t.app, admin, { role: 'ADMIN', manager_of: [] });
    await signIn(t.app, manager.email, manager.password);
    const mine = await logOf(admin.clientToken, `?actor_id=${manager.userId}&action=auth.signed_in`);
    expect(mine.content).toHaveLength(2);
    const today = new Date().toISOString().slice(0, 10);
    expect(
      (await logOf(admin.clientToken, `?start_date=${today}&end_date=${today}`)).content.length,
    ).toBeGreaterThan(3);
    expect((await logOf(admin.clientToken, '?end_date=2000-01-01')).content).toHaveLength(0);
    const page = await logOf(admin.clientToken, '?page=1&size=2');
    expect(page.content).toHaveLength(2);
    expect(page.pagination.hasMore).toBe(true);
  });

  it('is only for admins, only shows the own client, and cannot be rewritten', async () => {
    const admin = await createClientAndSignIn(t.app, { plan: 'STARTER' });
    const other = await createClientAndSignIn(t.app, { plan: 'STARTER' });
    const manager = await createStaffAndSignIn(t.app, admin, { role: 'AREA_MANAGER', manager_of: [] }).catch(
      () => null,
    );
    expect(manager).toBeNull(); // an area manager needs a branch
    const log = await logOf(admin.clientToken);
    expect(JSON.stringify(log)).not.toContain(other.userId);
    await expect(t.ctx.database.query("UPDATE audit_log SET summary = 'rewritten'")).rejects.toThrow(
      /append-only/,
    );
    await expect(t.ctx.database.query('DELETE FROM audit_log')).rejects.toThrow(/append-only/);
  });
});
