import { matchPath, type RouteObject } from 'react-router';

const join = (parent: string, path: string) =>
  path.startsWith('/') ? path : `${parent.replace(/\/+$/, '')}/${path}`;

/** Every route pattern under `parent` (absolute), including nested ones; index and catch-all routes add none. */
export const routePatterns = (routes: readonly RouteObject[], parent = '/'): string[] =>
  routes.flatMap((route) => {
    const own = route.path && route.path !== '*' ? join(parent, route.path) : null;
    const nested = route.children ? routePatterns(route.children, own ?? parent) : [];
    return own ? [own, ...nested] : nested;
  });

/** Whether a page exists in this build for the path: some pattern matches it. */
export const pathMatcher = (patterns: readonly string[]) => (path: string) =>
  patterns.some((pattern) => matchPath({ path: pattern, end: true }, path) !== null);
