/** Which database the API suite runs against: PGlite by default, PostgreSQL with TEST_DB_KIND=postgres. */
export const testDbKind = (): 'pglite' | 'postgres' => {
  if (process.env.TEST_DB_KIND !== 'postgres') return 'pglite';
  if (!process.env.TEST_DATABASE_URL) throw new Error('TEST_DB_KIND=postgres needs TEST_DATABASE_URL');
  return 'postgres';
};

export const withDatabaseName = (url: string, name: string) => {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
};
