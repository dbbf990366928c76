import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createClientAndSignIn, type SignedIn } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';

let t: TestApp;
let admin: SignedIn;
beforeAll(async () => {
  t = await createTestApp();
  admin = await createClientAndSignIn(t.app, { plan: 'BUSINESS' });
});
afterAll(() => t.close());

const create = (payload: Record<string, unknown>) =>
  t.app.inject({
    method: 'POST',
    url: '/api/integrations/api-keys',
    headers: bearer(admin.clientToken),
    payload,
  });

describe('creating an API key', () => {
  it.each([
    ['a missing name', {}, 'Name is required'],
    ['a blank name', { name: '   ' }, 'Name is required'],
    ['an over-long name', { name: 'x'.repeat(81) }, 'Name must not be more than 80 characters'],
  ])(
    'refuses %s with a capitalised message, as the other name fields say it',
    async (_label, payload, message) => {
      const res = await create(payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(message);
      expect(res.json().content.errors).toEqual([{ field: 'name', message }]);
    },
  );

  it('takes a name of exactly 80 characters', async () => {
    expect((await create({ name: 'x'.repeat(80) })).statusCode).toBe(200);
  });
});
