import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('configuration', () => {
  it('uses the documented defaults', () => {
    const config = loadConfig({});
    expect(config.port).toBe(8080);
    expect(config.dataDir).toMatch(/\/data$/);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.publicUrl).toBe('http://localhost:8080');
    expect(config.demo).toBe(true);
  });

  it('reads every variable', () => {
    const config = loadConfig({
      PORT: '9000',
      DATA_DIR: '/tmp/laurel-x',
      DATABASE_URL: 'postgres://u@127.0.0.1:5432/db',
      PUBLIC_URL: 'https://loyalty.example.com/',
      JWT_SECRET: 'x'.repeat(40),
      DEMO: '0',
    });
    expect(config).toMatchObject({
      port: 9000,
      dataDir: '/tmp/laurel-x',
      databaseUrl: 'postgres://u@127.0.0.1:5432/db',
      publicUrl: 'https://loyalty.example.com',
      jwtSecret: 'x'.repeat(40),
      demo: false,
    });
  });

  it('treats empty values as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', JWT_SECRET: ' ' }).databaseUrl).toBeUndefined();
  });
});

describe('configuration errors name the bad variable', () => {
  it.each([
    [{ PORT: 'eighty' }, /PORT must be a whole number \(got 'eighty'\)/],
    [{ PORT: '70000' }, /PORT must be between 0 and 65535/],
    [{ DATABASE_URL: 'mysql://x' }, /DATABASE_URL must be a postgres:\/\/ or postgresql:\/\/ connection URL/],
    [{ PUBLIC_URL: 'example.com' }, /PUBLIC_URL must be an absolute http\(s\) URL/],
    [{ JWT_SECRET: 'short' }, /JWT_SECRET must be at least 32 characters long/],
    [{ DEMO: 'yes' }, /DEMO must be '0' or '1'/],
  ])('%j', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });
});
