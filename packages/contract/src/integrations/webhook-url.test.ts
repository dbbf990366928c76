import { describe, expect, it } from 'vitest';
import { CONSOLE_WEBHOOK_URL_POLICY, webhookUrlFormProblem } from './webhooks';

const strict = { allowHttp: false, allowLoopback: false };

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
      expect(webhookUrlFormProblem(url, CONSOLE_WEBHOOK_URL_POLICY), url).toBeNull();
  });

  it('refuses http to any other host, credentials, and what is not a web URL', () => {
    expect(webhookUrlFormProblem('http://example.com/hooks', CONSOLE_WEBHOOK_URL_POLICY)).toBe('not_https');
    expect(webhookUrlFormProblem('http://128.0.0.1/hooks', CONSOLE_WEBHOOK_URL_POLICY)).toBe('not_https');
    expect(webhookUrlFormProblem('http://localhost.example.com/', CONSOLE_WEBHOOK_URL_POLICY)).toBe(
      'not_https',
    );
    expect(webhookUrlFormProblem('http://[::ffff:10.0.0.1]/', CONSOLE_WEBHOOK_URL_POLICY)).toBe('not_https');
    expect(webhookUrlFormProblem('https://user:pw@example.com/', CONSOLE_WEBHOOK_URL_POLICY)).toBe(
      'credentials',
    );
    expect(webhookUrlFormProblem('ftp://example.com/', CONSOLE_WEBHOOK_URL_POLICY)).toBe('invalid');
    expect(webhookUrlFormProblem('not a url', CONSOLE_WEBHOOK_URL_POLICY)).toBe('invalid');
  });

  it('follows the server configuration: loopback refused in production, any http with WEBHOOK_ALLOW_HTTP', () => {
    expect(webhookUrlFormProblem('http://127.0.0.1/hooks', strict)).toBe('not_https');
    expect(webhookUrlFormProblem('http://example.com/hooks', { ...strict, allowHttp: true })).toBeNull();
  });
});
