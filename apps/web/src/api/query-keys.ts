/** Query keys shared across areas; an area's own keys live in its `api.ts`. */
export const queryKeys = {
  client: (clientId: string) => ['client', clientId] as const,
  /** Plans on offer and the current plan: the plan page and the settings page read it. */
  billing: (clientId: string) => ['billing', clientId] as const,
  branding: ['branding'] as const,
  termsAndConditions: ['terms-and-conditions'] as const,
};

/** An area's keys: everything under `all`, its list pages under `lists`, one record under `detail`. */
export const areaKeys = <const TArea extends string>(area: TArea) => ({
  all: [area] as const,
  lists: [area, 'list'] as const,
  list: <TQuery>(query: TQuery) => [area, 'list', query] as const,
  detail: (id: string) => [area, 'detail', id] as const,
});

/** A list page's count and whether more follow, from its `pagination` (the page's own length without one). */
export const pageInfo = (result: {
  content: readonly unknown[];
  pagination?: { count: number; hasMore: boolean };
}) => ({
  count: result.pagination?.count ?? result.content.length,
  hasMore: result.pagination?.hasMore ?? false,
});
