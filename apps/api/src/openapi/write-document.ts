// `tsx src/openapi/write-document.ts <file>`: the OpenAPI document of the registered app as JSON, for the
// linters in `npm test` (scripts/test.mjs, step 'openapi lint').
import { writeFile } from 'node:fs/promises';
import { buildOpenApiDocument } from './build-document';

const target = process.argv[2];
if (!target) {
  console.error('usage: write-document.ts <output.json>');
  process.exit(2);
}
const doc = await buildOpenApiDocument({ MAIL_OUTBOX_API: '0' });
await writeFile(target, `${JSON.stringify(doc, null, 2)}\n`);
console.log(`OpenAPI document: ${Object.keys(doc.paths).length} paths -> ${target}`);
