import type { FastifyInstance, InjectOptions } from 'fastify';
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

export const apiRoutes = (app: FastifyInstance) =>
  app.declaredRoutes.filter((route) => route.url.startsWith('/api/'));
