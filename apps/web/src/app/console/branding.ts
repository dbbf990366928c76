import { getBranding } from '@laurel/contract';
import { queryOptions } from '@tanstack/react-query';
import { http } from '@/api/http';
import { unwrap } from '@/api/http-client';
import { queryKeys } from '@/api/query-keys';

/** `GET /api/branding` (shared with the welcome area by key): the profile menu's 'Bugs & Feedback' link. */
export const consoleBrandingQuery = queryOptions({
  queryKey: queryKeys.branding,
  queryFn: async ({ signal }) => unwrap(await http.call(getBranding, { signal })).content,
  staleTime: Number.POSITIVE_INFINITY,
});
