import { WEBHOOK_MESSAGES } from '@laurel/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  callAs,
  createBranch,
  createClientAndSignIn,
  createStaffAndSignIn,
  type SignedIn,
} from '../../../test/factories';
import { createClientApp, type TestApp } from '../../../test/test-app';

const POLICY = '/api/integrations/webhooks/url-policy';
// A public address written as one: the save checks it without a DNS lookup, and nothing is ever sent to it.
const PUBLIC_HTTP = 'http://93.184.215.14/hooks';
const LOOPBACK_HTTP = 'http://127.0.0.1:4000/hooks';
const endpoint = (url: string) => ({ url, event_types: ['points.expiring'], active: false });

let t: TestApp;
let admin: SignedIn;
let call: Awaited<ReturnType<typeof createClientApp>>['call'];

beforeAll(async () => {
  ({ t, admin, call } = await createClientApp('BUSINESS'));
});
afterAll(() => t.close());

describe('GET /api/integrations/webhooks/url-policy', () => {
  it('by default: plain http only to a loopback host (outside production), as the save decides', async () => {
    const res = await call('GET', POLICY);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ success: true, content: { allow_http: false, allow_loopback: true } });
    const http = await call('POST', '/api/integrations/webhooks', endpoint(PUBLIC_HTTP));
    expect(http.statusCode).toBe(400);
    expect(http.json().message).toBe(WEBHOOK_MESSAGES.urlNotHttps);
    const loopback = await call('POST', '/api/integrations/webhooks', endpoint(LOOPBACK_HTTP));
    expect(loopback.statusCode, loopback.body).toBe(200);
  });

  it('with WEBHOOK_ALLOW_HTTP=1 in production: plain http to any host, none to a loopback host', async () => {
    const production = await createClientApp('BUSINESS', {
      env: { WEBHOOK_ALLOW_HTTP: '1', NODE_ENV: 'production' },
    });
    try {
      const res = await production.call('GET', POLICY);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().content).toEqual({ allow_http: true, allow_loopback: false });
      const http = await production.call('POST', '/api/integrations/webhooks', endpoint(PUBLIC_HTTP));
      expect(http.statusCode, http.body).toBe(200);
      expect(http.json().content.url).toBe(PUBLIC_HTTP);
      // Its form passes; its address is the server's to refuse, after a lookup the console cannot make.
      const loopback = await production.call('POST', '/api/integrations/webhooks', endpoint(LOOPBACK_HTTP));
      expect(loopback.statusCode).toBe(400);
      expect(loopback.json().message).toBe(WEBHOOK_MESSAGES.urlPrivate);
    } finally {
      await production.t.close();
    }
  });
});

describe('a webhook URL refused for its address', () => {
  const PRIVATE = 'https://10.0.0.5/hooks';
  const LINK_LOCAL = 'https://169.254.169.254/latest';

  it('outside production names what is refused there (private, link-local), not loopback, which it takes', async () => {
    for (const url of [PRIVATE, LINK_LOCAL]) {
      const refused = await call('POST', '/api/integrations/webhooks', endpoint(url));
      expect(refused.statusCode, url).toBe(400);
      expect(refused.json().message, url).toBe(WEBHOOK_MESSAGES.urlPrivateLoopbackAllowed);
      expect(refused.json().message, url).not.toMatch(/not a [^.]*loopback/);
    }
    const loopback = await call(
      'POST',
      '/api/integrations/webhooks',
      endpoint('https://127.0.0.1:4000/hooks'),
    );
    expect(loopback.statusCode, loopback.body).toBe(200);
  });

  it('in production names loopback too; with WEBHOOK_ALLOW_PRIVATE=1 only link-local and reserved addresses', async () => {
    const production = await createClientApp('BUSINESS', { env: { NODE_ENV: 'production' } });
    const allowPrivate = await createClientApp('BUSINESS', { env: { WEBHOOK_ALLOW_PRIVATE: '1' } });
    try {
      for (const url of [PRIVATE, LINK_LOCAL, 'https://127.0.0.1/hooks']) {
        const refused = await production.call('POST', '/api/integrations/webhooks', endpoint(url));
        expect(refused.statusCode, url).toBe(400);
        expect(refused.json().message, url).toBe(WEBHOOK_MESSAGES.urlPrivate);
      }
      const linkLocal = await allowPrivate.call('POST', '/api/integrations/webhooks', endpoint(LINK_LOCAL));
      expect(linkLocal.statusCode).toBe(400);
      expect(linkLocal.json().message).toBe(WEBHOOK_MESSAGES.urlLinkLocal);
      const inside = await allowPrivate.call('POST', '/api/integrations/webhooks', endpoint(PRIVATE));
      expect(inside.statusCode, inside.body).toBe(200);
    } finally {
      await production.t.close();
      await allowPrivate.t.close();
    }
  });
});

describe('GET /api/integrations/webhooks/url-policy refused', () => {
  it('to a branch manager (403) and to a business outside the Business plan (402), as every webhook route', async () => {
    const branch = await createBranch(t.app, admin);
    const manager = await createStaffAndSignIn(t.app, admin, { manager_of: [branch._id] });
    const growth = await createClientAndSignIn(t.app, { plan: 'GROWTH' });
    for (const url of [POLICY, '/api/integrations/webhooks']) {
      const refused = await callAs(t.app, manager)('GET', url);
      expect(refused.statusCode, url).toBe(403);
      expect(refused.json().message).toBe('You do not possess permissions to perform this action.');
      const locked = await callAs(t.app, growth)('GET', url);
      expect(locked.statusCode, url).toBe(402);
      expect(locked.json()).toMatchObject({ success: false, content: null });
    }
  });
});
