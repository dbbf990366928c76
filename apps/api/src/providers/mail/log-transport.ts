import type { FastifyBaseLogger } from 'fastify';
import type { MailTransport } from './mail-provider';

/** Default: the outbox row is the record; the log shows the link so a developer can follow it. */
export const createLogTransport = (log: FastifyBaseLogger): MailTransport => ({
  name: 'log',
  deliver: async (message) => {
    log.info(
      { to: message.to, subject: message.subject, link: message.link, kind: message.kind },
      'mail (outbox)',
    );
  },
});
