import { UPLOAD_MESSAGES, uploadFile } from '@laurel/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../app-context';
import { principalOf } from '../../http/auth/guard';
import { ok } from '../../http/envelope';
import { badRequest } from '../../http/errors';
import { readMultipartForm } from '../../http/multipart-form';
import { route } from '../../http/route';
import { actorOf, recordAudit } from '../audit/audit';
import { checkUploadFields, fileRequired, storeImage, tooLarge } from './media.service';

const ONE_FILE = 'Please upload one file at a time.';

/** The multipart form: the first file (the 5 MiB limit is the multipart plugin's) and the text fields. */
const readForm = (request: FastifyRequest) => {
  if (!request.isMultipart()) throw fileRequired();
  return readMultipartForm(request, {
    tooLarge,
    oneFileOnly: () => badRequest([{ field: 'file', message: ONE_FILE }]),
  });
};

export const mediaRoutes = (app: FastifyInstance, ctx: AppContext) => {
  route(app, uploadFile, async ({ request }) => {
    const principal = principalOf(request);
    const { fields, file } = await readForm(request);
    const checked = checkUploadFields(fields);
    if (!file) throw fileRequired();
    const stored = await storeImage(ctx.media, {
      clientId: principal.clientId,
      bytes: file.bytes,
      fileName: file.fileName || checked.name || '',
    });
    await recordAudit(
      ctx.database.db,
      actorOf(request),
      {
        action: 'media.uploaded',
        entity: 'media',
        entityId: stored.etag,
        summary: `Uploaded image '${stored.file_name}' (${stored.content_type}, ${stored.size} bytes)`,
      },
      request,
    );
    return ok(stored, UPLOAD_MESSAGES.uploaded);
  });
};
