import { describe, expect, it } from 'vitest';
import { openMetricsWarning } from './metrics-listener';

describe('the metrics listener at start-up', () => {
  it('keeps quiet for a loopback METRICS_HOST however it is spelled, and warns for any other', () => {
    for (const host of [
      '127.0.0.1',
      '127.1.2.3',
      'localhost',
      'LOCALHOST',
      '::1',
      '[::1]',
      '::ffff:127.0.0.1',
    ])
      expect(openMetricsWarning({ host }), host).toBeNull();
    for (const host of [
      '0.0.0.0',
      '::',
      '10.0.0.5',
      '192.168.1.20',
      'metrics.internal',
      '128.0.0.1',
      '::ffff:10.0.0.1',
    ])
      expect(openMetricsWarning({ host }), host).not.toBeNull();
  });

  it('warns when /metrics is open to the network: no METRICS_TOKEN and a METRICS_HOST beyond loopback', () => {
    expect(openMetricsWarning({ host: '0.0.0.0' })).toBe(
      '/metrics on METRICS_HOST 0.0.0.0 is open to the network without a token: set METRICS_TOKEN, or bind METRICS_HOST to 127.0.0.1',
    );
    expect(openMetricsWarning({ host: '0.0.0.0', token: 'operator-token-0123456789' })).toBeNull();
    expect(openMetricsWarning({ host: '127.0.0.1' })).toBeNull();
  });
});
