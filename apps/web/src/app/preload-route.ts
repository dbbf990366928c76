import { isValidElement } from 'react';
import { matchRoutes, type RouteObject } from 'react-router';

type TPreloadable = { preload?: () => Promise<unknown> };

/** Starts loading the lazy components an element renders: its own type's and, through wrappers, its children's. */
const preloadElement = (node: unknown) => {
  if (!isValidElement(node)) return;
  const { preload } = node.type as TPreloadable;
  if (typeof preload === 'function') void preload().catch(() => undefined);
  const { children } = node.props as { children?: unknown };
  for (const child of Array.isArray(children) ? children : [children]) preloadElement(child);
};

/**
 * Starts loading every lazy module the routes matching `pathname` render (the console layout and the page) at once,
 * in parallel, instead of each when the one around it has rendered. A failed load is left for the render to report.
 */
export const preloadRoute = (routes: RouteObject[], pathname: string) => {
  for (const match of matchRoutes(routes, pathname) ?? []) preloadElement(match.route.element);
};
