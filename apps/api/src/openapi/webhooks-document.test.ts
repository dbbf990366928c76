import { WEBHOOK_EVENT_TYPES, WEBHOOK_TEST_EVENT_TYPE } from '@laurel/contract';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildOpenApiDocument } from './build-document';
import type { OpenApiDocument } from './document';

/*
 * Issue 26: the OpenAPI document's `webhooks` (3.1) list every event type Laurel posts, with the body's schema from
 * the contract, an example that holds to it and the signature headers; the webhook endpoints point to the guide.
 */

let doc: OpenApiDocument;
beforeAll(async () => {
  doc = await buildOpenApiDocument();
});

type WebhookPost = {
  operationId: string;
  tags: string[];
  summary: string;
  description: string;
  parameters: { name: string; in: string; required: boolean }[];
  requestBody: { content: { 'application/json': { schema: Record<string, unknown>; example: unknown } } };
  responses: Record<string, unknown>;
};
const postOf = (type: string) => {
  const item = doc.webhooks?.[type] as unknown as { post: WebhookPost } | undefined;
  if (!item) throw new Error(`no webhook ${type} in the document`);
  return item.post;
};

describe('the OpenAPI document’s webhooks', () => {
  it('lists every event type and the test event, each body with its type, an example that holds and the headers', () => {
    expect(Object.keys(doc.webhooks ?? {}).sort()).toEqual(
      [...WEBHOOK_EVENT_TYPES, WEBHOOK_TEST_EVENT_TYPE].sort(),
    );
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats.default(ajv);
    const ids = new Set<string>();
    for (const type of Object.keys(doc.webhooks ?? {})) {
      const post = postOf(type);
      expect(post.tags, type).toEqual(['webhooks']);
      expect(ids.has(post.operationId), type).toBe(false);
      ids.add(post.operationId);
      expect(post.summary, type).toBeTruthy();
      expect(post.description, type).toContain('docs/integrator-guide.md');
      expect(post.parameters.map((p) => `${p.in}:${p.name}`)).toEqual([
        'header:Laurel-Webhook-Id',
        'header:Laurel-Event-Type',
        'header:Laurel-Signature',
      ]);
      const { schema, example } = post.requestBody.content['application/json'];
      expect((schema.properties as Record<string, { const?: string }>).type?.const, type).toBe(type);
      expect(schema.required).toEqual(['id', 'type', 'created_at', 'client_id', 'data']);
      const validate = ajv.compile(schema);
      expect(validate(example), `${type}: ${ajv.errorsText(validate.errors)}`).toBe(true);
    }
    expect(postOf('reward.redeemed').requestBody.content['application/json'].example).toMatchObject({
      type: 'reward.redeemed',
      data: { customer_id: expect.any(String), redemption: { coupon_code: expect.anything() } },
    });
  });

  it('points the webhook endpoints and their tag to the webhooks section and the integrator guide', () => {
    const tag = doc.tags?.find((candidate) => candidate.name === 'webhooks');
    expect(tag?.description).toContain('integrator guide');
    const operations = Object.values(doc.paths).flatMap((item) =>
      Object.values(item).filter((operation) => operation.tags?.includes('webhooks')),
    );
    expect(operations.length).toBeGreaterThanOrEqual(8);
    for (const operation of operations) {
      expect(operation.description).toContain('`webhooks` section');
      expect(operation.description).toContain('docs/integrator-guide.md');
    }
    expect(doc.info.description).toContain('webhooks');
  });
});
