import { describe, expect, it } from 'vitest';
import {
  STRICT_WEBHOOK_URL_POLICY as strict,
  type TWebhookUrlPolicy,
  webhookUrlFormProblem,
} from './webhooks';

/** The server's default outside production. */
const development: TWebhookUrlPolicy = { allowHttp: false, allowLoopback: true };

describe('the webhook URL form rule (console and server)', () => {
  it('takes https, and http only for a loopback host in however the URL spells it', () => {
    for (const url of [
      'https://example.com/hooks',
      'http://localhost:4000/hooks',
      'http://LOCALHOST/hooks',
      'http://127.0.0.1:8080/hooks',
      'http://127.1/hooks',
      'http://0x7f000001/hooks',
      'http://[::1]:9000/hooks',
      'http://[0:0:0:0:0:0:0:1]/hooks',
      'http://[::ffff:127.0.0.1]/hooks',
    ])
      expect(webhookUrlFormProblem(url, development), url).toBeNull();
  });

  it('refuses http to any other host, credentials, and what is not a web URL', () => {
    expect(webhookUrlFormProblem('http://example.com/hooks', development)).toBe('not_https');
    expect(webhookUrlFormProblem('http://128.0.0.1/hooks', development)).toBe('not_https');
    expect(webhookUrlFormProblem('http://localhost.example.com/', development)).toBe('not_https');
    expect(webhookUrlFormProblem('http://[::ffff:10.0.0.1]/', development)).toBe('not_https');
    expect(webhookUrlFormProblem('https://user:pw@example.com/', development)).toBe('credentials');
    expect(webhookUrlFormProblem('ftp://example.com/', development)).toBe('invalid');
    expect(webhookUrlFormProblem('not a url', development)).toBe('invalid');
  });

  it('follows the server configuration: loopback refused in production, any http with WEBHOOK_ALLOW_HTTP', () => {
    expect(webhookUrlFormProblem('http://127.0.0.1/hooks', strict)).toBe('not_https');
    expect(webhookUrlFormProblem('http://example.com/hooks', { ...strict, allowHttp: true })).toBeNull();
  });
});
