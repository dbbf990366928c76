import { listOutbox } from '@laurel/contract';
import { desc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context';
import { mailOutbox } from '../../db/schema';
import { ok } from '../../http/envelope';
import { route } from '../../http/route';

/** Registered only with MAIL_OUTBOX_API=1 (end-to-end tests, local development): it reveals reset links. */
export const outboxRoutes = (app: FastifyInstance, ctx: AppContext) => {
  route(app, listOutbox, async ({ query }) => {
    const rows = await ctx.database.db
      .select()
      .from(mailOutbox)
      .where(query.to ? eq(sql`lower(${mailOutbox.toAddress})`, query.to.toLowerCase()) : undefined)
      .orderBy(desc(mailOutbox.createdAt))
      .limit(50);
    return ok(
      rows.map((row) => ({
        to: row.toAddress,
        subject: row.subject,
        link: row.link,
        created_at: row.createdAt.toISOString(),
      })),
    );
  });
};
