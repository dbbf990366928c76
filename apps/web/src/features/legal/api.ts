import { COMMON_MESSAGES, getTermsAndConditions } from '@laurel/contract';
import { queryOptions } from '@tanstack/react-query';
import { http } from '@/api/http';
import { unwrap } from '@/api/http-client';
import { queryKeys } from '@/api/query-keys';

/** `GET v2/terms-and-conditions`: `content.content` is the text (spec 1 §7). */
export const termsAndConditionsQuery = queryOptions({
  queryKey: queryKeys.termsAndConditions,
  queryFn: async ({ signal }) => unwrap(await http.call(getTermsAndConditions, { signal })).content.content,
  meta: { errorTitle: COMMON_MESSAGES.requestError },
  staleTime: 60 * 60_000,
});
