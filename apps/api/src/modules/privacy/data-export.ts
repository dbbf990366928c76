import { Readable } from 'node:stream';
import type { Database } from '../../db/database';
import { type ExportPart, exportParts, type PrivacyScope } from './export-parts';

/** Rows read per query: a member with years of events is written page by page, never held whole. */
const PAGE_SIZE = 500;

const HEADER_ABOUT =
  'Everything Laurel holds about this customer for the business named below, as one JSON document. Each part listed in "parts" follows as a key of this document: an array of records (the profile is one record). Amounts are decimal numbers in the currency’s own units, except fields whose names end in _minor, which are in minor units (cents); times are UTC (ISO 8601).';

/**
 * The document, piece by piece: the header, then each part's rows as they are read; as the content of the API's
 * envelope (DESIGN §3) when `envelopeMessage` is given.
 */
async function* documentPieces(
  database: Database,
  scope: PrivacyScope,
  parts: readonly ExportPart[],
  generatedAt: Date,
  envelopeMessage: string | null,
): AsyncGenerator<string> {
  if (envelopeMessage !== null)
    yield `{"success": true, "message": ${JSON.stringify(envelopeMessage)}, "content": `;
  const [business] = await database.query<{ name: string }>('SELECT name FROM clients WHERE id = $1', [
    scope.clientId,
  ]);
  const header = {
    about: HEADER_ABOUT,
    customer_id: scope.customerId,
    business: business?.name ?? null,
    client_id: scope.clientId,
    generated_at: generatedAt.toISOString(),
    parts: parts.map(({ name, description }) => ({ name, description })),
  };
  yield `{\n"laurel_data_export": ${JSON.stringify(header)}`;
  for (const part of parts) {
    yield `,\n${JSON.stringify(part.name)}: `;
    if (part.single) {
      const [first] = await part.query(database, scope, null, 1);
      yield JSON.stringify(first?.row ?? null);
      continue;
    }
    yield '[';
    let after: string | null = null;
    let written = 0;
    for (;;) {
      const page = await part.query(database, scope, after, PAGE_SIZE);
      for (const { row } of page) {
        yield `${written === 0 ? '\n' : ',\n'}${JSON.stringify(row)}`;
        written += 1;
      }
      if (page.length < PAGE_SIZE) break;
      after = page[page.length - 1]?.key ?? null;
    }
    yield written === 0 ? ']' : '\n]';
  }
  yield envelopeMessage === null ? '\n}\n' : '\n}}\n';
}

/**
 * A member's data export as a stream of JSON text (GDPR / POPIA access request): the document alone (a file for the
 * member) or in the envelope with `envelopeMessage`.
 */
export const streamDataExport = (
  database: Database,
  scope: PrivacyScope,
  generatedAt = new Date(),
  envelopeMessage: string | null = null,
) => Readable.from(documentPieces(database, scope, exportParts(), generatedAt, envelopeMessage));

export const dataExportFileName = (customerId: string, at: Date) =>
  `customer-${customerId}-data-${at.toISOString().slice(0, 10)}.json`;
