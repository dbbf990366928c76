import { sql } from 'drizzle-orm';
import { jsonColumn, rowsOf } from '../../db/raw-sql';
import { registerEraser, registerExportPart, tablePart } from '../privacy';

/**
 * The webhooks area's part in a member's data (issue 27): the deliveries about them are in their export, and an
 * erasure scrubs the member's identifying values from every delivery body about them — sent or still waiting — so a
 * retry after the erasure sends the scrubbed body.
 */
export const registerWebhookPrivacy = () => {
  registerExportPart(
    tablePart({
      name: 'webhooks',
      description:
        'Webhooks Laurel sent (or is still sending) to your systems about the member: each body as sent, the endpoint, the status and the number of attempts.',
      from: 'webhook_deliveries t',
      key: 't.id',
      json: `jsonb_build_object('_id', t.id, 'endpoint_id', t.endpoint_id, 'webhook_id', t.webhook_id,
        'event_type', t.event_type, 'status', t.status, 'attempts', t.attempts, 'created_at', t.created_at,
        'delivered_at', t.delivered_at, 'body', t.payload)`,
    }),
  );
  registerEraser({
    name: 'webhook bodies',
    erase: async ({ tx, clientId, customerId, scrub }) => {
      const rows = await rowsOf<{ id: string; payload: unknown }>(
        tx,
        sql`SELECT id, payload FROM webhook_deliveries WHERE client_id = ${clientId} AND customer_id = ${customerId}`,
      );
      for (const row of rows) {
        const body = jsonColumn(row.payload as object);
        const scrubbed = scrub.json(body);
        if (JSON.stringify(scrubbed) === JSON.stringify(body)) continue;
        await tx.execute(
          sql`UPDATE webhook_deliveries SET payload = ${JSON.stringify(scrubbed)}::jsonb WHERE id = ${row.id}`,
        );
      }
    },
  });
};
