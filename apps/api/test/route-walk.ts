import { readdir } from 'node:fs/promises';
import type { FastifyInstance, InjectOptions } from 'fastify';
import type { Database } from '../src/db/database';
import type { DeclaredRoute } from '../src/http/route';
import { bearer, type SignedIn } from './factories';

/** The bearer token of the kind a route declares. */
export const tokenFor = (route: DeclaredRoute, session: SignedIn) => {
  switch (route.token) {
    case 'user':
      return session.token;
    case 'media':
      return session.mediaToken;
    case 'payment':
      return session.paymentToken;
    default:
      return session.clientToken;
  }
};

/** A token of another kind than the route takes: it must be refused like no token at all. */
export const wrongTokenFor = (route: DeclaredRoute, session: SignedIn) =>
  route.token === 'client' || route.token === 'integration' ? session.token : session.clientToken;

/** A request for a route with every path parameter, id-like query field and body field set to `id`. */
export const requestFor = (route: DeclaredRoute, id: string, token?: string): InjectOptions => {
  const url = route.url.replace(/:(\w+)/g, id);
  const ids = { _id: id, id, user_id: id, customer_id: id, branch_id_list: [id] };
  const hasBody = route.method !== 'GET' && route.method !== 'DELETE';
  const query = route.method === 'GET' ? `?_id=${id}&user_id=${id}&branch_id_list=${id}` : '';
  return {
    method: route.method as InjectOptions['method'],
    url: `${url}${query}`,
    ...(token ? { headers: bearer(token) } : {}),
    ...(hasBody ? { payload: ids } : {}),
  };
};

/** Routes that end the caller's own session: a walk calls them last, so that its sessions serve every other route. */
const ENDS_OWN_SESSION = new Set(['POST /api/v2/client-user/signout']);
const endsOwnSession = (route: DeclaredRoute) => ENDS_OWN_SESSION.has(`${route.method} ${route.url}`);

export const apiRoutes = (app: FastifyInstance) => {
  const routes = app.declaredRoutes.filter((route) => route.url.startsWith('/api/'));
  return [...routes.filter((route) => !endsOwnSession(route)), ...routes.filter(endsOwnSession)];
};

/** Routes that take a multipart upload: those whose contract endpoint declares one. */
export const multipartRoutes = (app: FastifyInstance) =>
  apiRoutes(app).filter((route) => route.endpoint?.upload !== undefined);

const BOUNDARY = 'laurel-walk-boundary';
/** A whole form: a text field and a file part. */
const WHOLE_FORM = [
  `--${BOUNDARY}`,
  'Content-Disposition: form-data; name="name"',
  '',
  'walk',
  `--${BOUNDARY}`,
  'Content-Disposition: form-data; name="file"; filename="walk.csv"',
  'Content-Type: text/csv',
  '',
  'name,title,sku,price',
  'Walk,Walk,WALK-1,10',
  `--${BOUNDARY}--`,
  '',
].join('\r\n');

/**
 * Multipart bodies no parser can read, each sent with `token`: a boundary other than the Content-Type's, a body cut
 * short inside its file part, and a multipart Content-Type with no body, with and without a boundary.
 */
export const malformedMultipartRequests = (route: DeclaredRoute, token: string) => {
  const request = (contentType: string, payload?: string): InjectOptions => ({
    method: route.method as InjectOptions['method'],
    // Any well-formed id: the body is read before the record it names is looked for.
    url: route.url.replace(/:(\w+)/g, 'f'.repeat(24)),
    headers: { ...bearer(token), 'content-type': contentType },
    ...(payload === undefined ? {} : { payload }),
  });
  const withBoundary = `multipart/form-data; boundary=${BOUNDARY}`;
  return [
    {
      what: "a boundary other than the body's",
      request: request('multipart/form-data; boundary=other', WHOLE_FORM),
    },
    {
      what: 'a body cut short',
      request: request(withBoundary, WHOLE_FORM.slice(0, WHOLE_FORM.indexOf('WALK-1'))),
    },
    { what: 'no body', request: request(withBoundary) },
    { what: 'no body and no boundary', request: request('multipart/form-data') },
  ];
};

const filesUnder = async (dir: string): Promise<string[]> => {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true }).catch(() => []);
  return entries.filter((entry) => entry.isFile()).map((entry) => `${entry.parentPath}/${entry.name}`);
};

/** Rows per table and the stored media files: a request that writes nothing leaves both as they were. */
export const storedState = async (database: Database, mediaDir: string) => {
  const tables = await database.query<{ name: string }>(
    "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' ORDER BY 1",
  );
  const counts = await database.query<{ name: string; rows: string }>(
    tables
      .map(({ name }) => `SELECT '${name}' AS name, count(*)::text AS rows FROM "${name}"`)
      .join(' UNION ALL '),
  );
  return {
    rows: Object.fromEntries(counts.map(({ name, rows }) => [name, Number(rows)])),
    media: (await filesUnder(mediaDir)).sort(),
  };
};
