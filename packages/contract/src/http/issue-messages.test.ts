import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { requiredString } from './fields';
import { installPlainIssueMessages, plainIssueMessage, whenMissing } from './issue-messages';

/** The messages a parse gives with the plain texts as its fallback. */
const messagesOf = (schema: z.ZodType, input: unknown) =>
  schema.safeParse(input, { error: plainIssueMessage }).error?.issues.map((issue) => issue.message) ?? [];

const firstOf = (schema: z.ZodType, input: unknown) => messagesOf(schema, input)[0];

describe('plain messages for zod defaults', () => {
  it('says a missing field is required, naming it by its path', () => {
    expect(firstOf(z.object({ customer: z.object({}) }), {})).toBe('customer is required');
    expect(firstOf(z.object({ items: z.array(z.object({ sku: z.string() })) }), { items: [{}] })).toBe(
      'items.0.sku is required',
    );
  });

  it.each([
    [z.number(), 'x', 'amount must be a number'],
    [z.int(), 1.5, 'amount must be a whole number'],
    [z.string(), 5, 'amount must be text'],
    [z.object({}), 'x', 'amount must be an object'],
    [z.array(z.string()), {}, 'amount must be a list'],
    [z.boolean(), 'yes', 'amount must be true or false'],
    [z.coerce.number(), 'abc', 'amount must be a number'],
  ])('names the type a value must have (%#)', (schema, value, message) => {
    expect(firstOf(z.object({ amount: schema }), { amount: value })).toBe(message);
  });

  it.each([
    [z.string().max(64), 'x'.repeat(65), 'code must be at most 64 characters'],
    [z.string().min(3), 'ab', 'code must be at least 3 characters'],
    [z.string().min(1), '', 'code must not be empty'],
    [z.string().length(4), 'abc', 'code must be exactly 4 characters'],
    [z.number().min(1), 0, 'code must be at least 1'],
    [z.number().max(100), 101, 'code must be at most 100'],
    [z.number().positive(), 0, 'code must be greater than 0'],
    [z.number().lt(10), 10, 'code must be less than 10'],
    [z.array(z.number()).max(500), Array.from({ length: 501 }, () => 1), 'code must have at most 500 items'],
    [z.array(z.number()).min(2), [1], 'code must have at least 2 items'],
    [z.array(z.number()).max(1), [1, 2], 'code must have at most 1 item'],
    [
      z.date().min(new Date('2026-01-01T00:00:00Z')),
      new Date('2025-01-01'),
      'code must be on or after 2026-01-01T00:00:00.000Z',
    ],
  ])('states the bound a value breaks (%#)', (schema, value, message) => {
    expect(firstOf(z.object({ code: schema }), { code: value })).toBe(message);
  });

  it('lists an enum, capping a long list', () => {
    expect(firstOf(z.object({ type: z.enum(['a', 'b', 'c']) }), { type: 'd' })).toBe(
      'type must be one of: a, b, c',
    );
    const many = z.enum(Array.from({ length: 26 }, (_, index) => String.fromCharCode(97 + index)));
    expect(firstOf(z.object({ type: many }), { type: 'Z' })).toBe(
      'type must be one of: a, b, c, d, e, f, g, h, i, j, k, l, m, n, o, p, q, r, s, t, u, v, w, x (and 2 more)',
    );
    expect(firstOf(z.object({ kind: z.literal('order') }), { kind: 'x' })).toBe('kind must be order');
  });

  it('names the discriminator of a union that matches no option', () => {
    const schema = z.discriminatedUnion('type', [
      z.object({ type: z.literal('a') }),
      z.object({ type: z.literal('b') }),
    ]);
    expect(firstOf(z.object({ rule: schema }), { rule: { type: 'c' } })).toBe(
      'rule.type must be one of: a, b',
    );
  });

  it.each([
    [z.email(), 'nope', 'value is not a valid email address'],
    [z.url(), 'nope', 'value is not a valid URL'],
    [z.uuid(), 'nope', 'value is not a valid UUID'],
    [z.string().regex(/^[a-z]+$/), 'A1', 'value is not in the expected format'],
    [z.iso.date(), '2026-13-45', 'value is not a valid date (YYYY-MM-DD)'],
    [z.string().startsWith('ab'), 'x', 'value must start with "ab"'],
  ])('says which format a value breaks (%#)', (schema, value, message) => {
    expect(firstOf(z.object({ value: schema }), { value })).toBe(message);
  });

  it('names unknown fields, refinements without a message and the request as a whole', () => {
    expect(firstOf(z.strictObject({ a: z.string() }), { a: 'x', b: 1, c: 2 })).toBe(
      'The request has unknown fields: b, c',
    );
    expect(firstOf(z.object({ n: z.number().refine((n) => n > 1) }), { n: 1 })).toBe('n is not valid');
    expect(firstOf(z.object({ a: z.string() }), null)).toBe('The request must be an object');
    expect(firstOf(z.object({ n: z.number().multipleOf(5) }), { n: 3 })).toBe('n must be a multiple of 5');
  });

  it("keeps zod's own text, prefixed with the field, for what it has no plainer wording for", () => {
    expect(firstOf(z.object({ tags: z.record(z.string().max(2), z.string()) }), { tags: { abc: 'x' } })).toBe(
      'tags.abc: Invalid key in record',
    );
  });
});

describe("the schema's own messages", () => {
  it('are kept exactly', () => {
    const schema = z.object({
      name: z.string({ error: 'Name is required.' }).min(1, 'Name is required.').max(64, 'Too long, friend.'),
      id: z.string().regex(/^[a-f0-9]{24}$/, 'must be 24 hexadecimal characters'),
      email: z.email('Invalid email address'),
    });
    expect(messagesOf(schema, { id: 'x', email: 'x' })).toEqual([
      'Name is required.',
      'must be 24 hexadecimal characters',
      'Invalid email address',
    ]);
    expect(firstOf(schema, { name: 'x'.repeat(65), id: 'a'.repeat(24), email: 'a@b.co' })).toBe(
      'Too long, friend.',
    );
  });
});

describe('as the process-wide fallback', () => {
  beforeAll(installPlainIssueMessages);
  afterAll(() => {
    z.config({ customError: undefined });
  });

  it('says a required name that is too long is too long, not that it is required', () => {
    const name = requiredString('Name is required.').max(100);
    expect(name.safeParse(undefined).error?.issues[0]?.message).toBe('Name is required.');
    expect(name.safeParse('   ').error?.issues[0]?.message).toBe('Name is required.');
    expect(z.object({ name }).safeParse({ name: 'x'.repeat(101) }).error?.issues[0]?.message).toBe(
      'name must be at most 100 characters',
    );
  });

  it("replaces zod's defaults but never a schema's message", () => {
    const schema = z.object({ code: z.string().max(3), name: z.string().min(1, 'Name is required.') });
    expect(schema.safeParse({ code: 'abcd', name: '' }).error?.issues.map((issue) => issue.message)).toEqual([
      'code must be at most 3 characters',
      'Name is required.',
    ]);
  });
});

describe('whenMissing', () => {
  it("gives the schema's message for a missing or mistyped value only, not for its other checks", () => {
    const id = z
      .string({ error: whenMissing('id is required') })
      .trim()
      .min(1, 'id is required')
      .max(5);
    expect(id.safeParse(undefined).error?.issues[0]?.message).toBe('id is required');
    expect(id.safeParse(3).error?.issues[0]?.message).toBe('id is required');
    expect(id.safeParse('').error?.issues[0]?.message).toBe('id is required');
    expect(id.safeParse('abcdefgh').error?.issues[0]?.message).not.toBe('id is required');
  });
});
