import { readFileSync } from 'node:fs';
import path from 'node:path';
import { STORAGE_KEYS } from '@laurel/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';

// index.html loads public/color-scheme.js before anything else; the server's CSP forbids inline scripts.
const script = readFileSync(path.resolve(import.meta.dirname, '../../../public/color-scheme.js'), 'utf8');
const run = (prefersDark: boolean) => {
  vi.stubGlobal('matchMedia', (query: string) => ({ matches: prefersDark && query.includes('dark') }));
  new Function(script)();
  return document.documentElement.getAttribute('data-mantine-color-scheme');
};

describe('colour scheme before the first paint', () => {
  afterEach(() => document.documentElement.removeAttribute('data-mantine-color-scheme'));

  it('reads the key the app writes', () => {
    expect(script).toContain(`'${STORAGE_KEYS.colorScheme}'`);
  });

  it('keeps a chosen scheme and otherwise follows the system', () => {
    window.localStorage.setItem(STORAGE_KEYS.colorScheme, 'dark');
    expect(run(false)).toBe('dark');
    window.localStorage.setItem(STORAGE_KEYS.colorScheme, 'light');
    expect(run(true)).toBe('light');
    window.localStorage.setItem(STORAGE_KEYS.colorScheme, 'auto');
    expect(run(true)).toBe('dark');
    window.localStorage.removeItem(STORAGE_KEYS.colorScheme);
    expect(run(false)).toBe('light');
  });
});
