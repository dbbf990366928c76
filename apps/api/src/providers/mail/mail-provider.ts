import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, DbOrTx } from '../../db/database';
import { newId } from '../../db/ids';
import { mailOutbox } from '../../db/schema';

export type MailMessage = { to: string; subject: string; text: string; link?: string; kind: string };

/** Delivers one stored message; the default transport only logs, SMTP sends. */
export type MailTransport = {
  name: 'log' | 'smtp';
  deliver: (message: MailMessage & { from: string }) => Promise<void>;
};

/**
 * Mail goes into the outbox inside the caller's transaction (so a rolled-back registration sends nothing);
 * `flush` delivers what is pending once the transaction has committed.
 */
export const createMailProvider = (deps: {
  db: Db;
  transport: MailTransport;
  from: string;
  log: FastifyBaseLogger;
}) => {
  const enqueue = async (db: DbOrTx, message: MailMessage) => {
    const id = newId();
    await db.insert(mailOutbox).values({
      id,
      toAddress: message.to,
      subject: message.subject,
      text: message.text,
      link: message.link ?? null,
      kind: message.kind,
    });
    return id;
  };

  const flush = async () => {
    const pending = await deps.db
      .select()
      .from(mailOutbox)
      .where(and(isNull(mailOutbox.deliveredAt), isNull(mailOutbox.error)))
      .limit(50);
    for (const row of pending) {
      const message = {
        to: row.toAddress,
        subject: row.subject,
        text: row.text,
        kind: row.kind,
        from: deps.from,
      };
      try {
        await deps.transport.deliver(row.link ? { ...message, link: row.link } : message);
        await deps.db.update(mailOutbox).set({ deliveredAt: new Date() }).where(eq(mailOutbox.id, row.id));
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        deps.log.error({ mailId: row.id, reason }, 'mail delivery failed');
        await deps.db.update(mailOutbox).set({ error: reason }).where(eq(mailOutbox.id, row.id));
      }
    }
  };

  return { enqueue, flush, transport: deps.transport.name };
};
export type MailProvider = ReturnType<typeof createMailProvider>;
