import type { TCustomerImport } from '@laurel/contract';
import type { InjectOptions } from 'fastify';
import { expect } from 'vitest';
import { bearer } from './factories';
import type { createClientApp } from './test-app';

type ClientApp = Awaited<ReturnType<typeof createClientApp>>;

/** `POST /api/customers/imports` with a CSV file and form fields, as the business's admin. */
export const uploadImport = (
  setup: ClientApp,
  csv: string | Uint8Array<ArrayBuffer>,
  fields: Record<string, string> = {},
  fileName = 'members.csv',
) => {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  body.append('file', new Blob([csv], { type: 'text/csv' }), fileName);
  return setup.t.app.inject({
    method: 'POST',
    url: '/api/customers/imports',
    headers: bearer(setup.admin.clientToken),
    payload: body as unknown as InjectOptions['payload'],
  });
};

/**
 * Uploads, lets the worker run the import to its end (and, with `webhooks`, the dispatcher deliver what it wrote to
 * the outbox), and answers the finished report.
 */
export const runImport = async (
  setup: ClientApp,
  csv: string,
  fields: Record<string, string> = {},
  options: { webhooks?: boolean } = {},
) => {
  const res = await uploadImport(setup, csv, fields);
  expect(res.statusCode, res.body).toBe(202);
  expect(res.json().content).toMatchObject({ status: 'queued' });
  await setup.t.ctx.engine.drain();
  if (options.webhooks) await setup.t.ctx.webhooks.drain();
  const report = await setup.call('GET', `/api/customers/imports/${res.json().content._id}`);
  expect(report.statusCode, report.body).toBe(200);
  return report.json().content as TCustomerImport;
};
