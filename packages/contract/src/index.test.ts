import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as contract from './index';

const collectStrings = (value: unknown, out: string[] = []): string[] => {
  if (typeof value === 'string') out.push(value);
  else if (Array.isArray(value)) for (const item of value) collectStrings(item, out);
  else if (value && typeof value === 'object' && !(value instanceof z.ZodType))
    for (const item of Object.values(value)) collectStrings(item, out);
  return out;
};

describe('the contract as a whole', () => {
  const exported = Object.entries(contract);

  it('exports zod enums whose options are distinct', () => {
    const enums = exported.filter(([name, value]) => name.startsWith('Z') && value instanceof z.ZodEnum);
    expect(enums.length).toBeGreaterThan(60);
    for (const [name, value] of enums) {
      const options = (value as z.ZodEnum).options;
      expect(new Set(options).size, name).toBe(options.length);
    }
  });

  it('carries none of the typos DESIGN §7 fixes', () => {
    const strings = exported.flatMap(([, value]) => collectStrings(value));
    expect(strings.length).toBeGreaterThan(300);
    for (const text of strings) {
      expect(text).not.toMatch(/subsciption|retriving|do no possess/);
    }
  });

  it('keeps the existing http and health exports', () => {
    expect(contract.getHealth.path).toBe('/health');
    expect(contract.isPermission('CUSTOMERS:read')).toBe(true);
  });
});
