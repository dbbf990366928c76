import { UPLOAD_MESSAGES, uploadFile } from '@laurel/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../app-context';
import { principalOf } from '../../http/auth/guard';
import { ok } from '../../http/envelope';
import { badRequest } from '../../http/errors';
import { route } from '../../http/route';
import { actorOf, recordAudit } from '../audit/audit';
import { checkUploadFields, fileRequired, storeImage, tooLarge } from './media.service';

const ONE_FILE = 'Please upload one file at a time.';

/** The multipart form: the first file (the 5 MiB limit is the multipart plugin's) and the text fields. */
const readForm = async (request: FastifyRequest) => {
  if (!request.isMultipart()) throw fileRequired();
  const fields: Record<string, string> = {};
  let file: { bytes: Buffer; fileName: string } | null = null;
  try {
    // Fields may come before or after the file, so every part is read.
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        if (typeof part.value === 'string') fields[part.fieldname] = part.value;
        continue;
      }
      // The spec's field is `file`; the first file is taken whatever its field is called.
      const bytes = await part.toBuffer();
      if (part.file.truncated) throw tooLarge();
      file = { bytes, fileName: part.filename };
    }
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    if (code === 'FST_FILES_LIMIT') throw badRequest([{ field: 'file', message: ONE_FILE }]);
    throw error;
  }
  return { fields, file };
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
