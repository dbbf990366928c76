import { randomBytes } from 'node:crypto';
import { rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openPglite, openPostgres } from '../src/db/connect';
import { applyMigrations } from '../src/db/migrate';
import { buildOpenApiDocument } from '../src/openapi/build-document';
import { testDbKind, withDatabaseName } from './db-kind';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplatePath: string;
    postgresTemplate: string;
    /** The app's OpenAPI document, built once, for the contract check (test/response-contract.ts). */
    openapiDocumentPath: string;
  }
}

/** Built once per run: making it in every test file would cost each a second or two. */
const provideOpenApiDocument = async (project: TestProject) => {
  const file = path.join(os.tmpdir(), `laurel-openapi-${process.pid}-${randomBytes(4).toString('hex')}.json`);
  await writeFile(file, JSON.stringify(await buildOpenApiDocument({ MAIL_OUTBOX_API: '1' })));
  project.provide('openapiDocumentPath', file);
  return () => rm(file, { force: true });
};

/** Migrates once; each test file then starts from a copy (a fresh PGlite takes ~3 s to create). */
export default async function setup(project: TestProject) {
  const removeDocument = await provideOpenApiDocument(project);
  if (testDbKind() === 'pglite') {
    const database = await openPglite(undefined);
    await applyMigrations(database);
    const dump = await database.client.dumpDataDir('none');
    await database.close();
    const file = path.join(
      os.tmpdir(),
      `laurel-template-${process.pid}-${randomBytes(4).toString('hex')}.tar`,
    );
    await writeFile(file, Buffer.from(await dump.arrayBuffer()));
    project.provide('pgliteTemplatePath', file);
    project.provide('postgresTemplate', '');
    return async () => {
      await rm(file, { force: true });
      await removeDocument();
    };
  }

  const adminUrl = process.env.TEST_DATABASE_URL as string;
  const template = `laurel_tpl_${process.pid}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${template}`);
  const database = await openPostgres(withDatabaseName(adminUrl, template), { max: 1 });
  await applyMigrations(database);
  await database.close();
  project.provide('pgliteTemplatePath', '');
  project.provide('postgresTemplate', template);
  return async () => {
    const { rows } = await admin.query<{ datname: string }>(
      `SELECT datname FROM pg_database WHERE datname LIKE $1`,
      [`${template}%`],
    );
    for (const row of rows) await admin.query(`DROP DATABASE IF EXISTS ${row.datname} WITH (FORCE)`);
    await admin.end();
    await removeDocument();
  };
}
