import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database';
import { createLogTransport } from './log-transport';
import { createMailProvider } from './mail-provider';
import { createSmtpTransport } from './smtp-transport';

export type { MailProvider } from './mail-provider';

export const mailProviderFor = (
  config: { smtpUrl: string | undefined; from: string },
  deps: { db: Db; log: FastifyBaseLogger },
) =>
  createMailProvider({
    ...deps,
    from: config.from,
    transport: config.smtpUrl ? createSmtpTransport(config.smtpUrl) : createLogTransport(deps.log),
  });
