import { COMMON_MESSAGES, listAuditLog, listClientUsers, PAGE_SIZES } from '@laurel/contract';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { http } from '@/api/http';
import { unwrap } from '@/api/http-client';

export type TAuditLogFilter = {
  page: number;
  size: number;
  search_string: string;
  action: string;
  actor_id: string;
  start_date: string;
  end_date: string;
};

export const auditKeys = {
  list: (filter: TAuditLogFilter) => ['audit-log', filter] as const,
  users: ['audit-log', 'users'] as const,
};

/** `GET /api/audit-log`: newest first; empty filters are left out of the query string. */
export const auditLogQuery = (filter: TAuditLogFilter) =>
  queryOptions({
    queryKey: auditKeys.list(filter),
    queryFn: async ({ signal }) => {
      const result = unwrap(await http.call(listAuditLog, { query: filter, signal }));
      return { entries: result.content, count: result.pagination?.count ?? result.content.length };
    },
    placeholderData: keepPreviousData,
    meta: { errorTitle: COMMON_MESSAGES.somethingWentWrong },
  });

/** The client's console users for the 'User' filter (`GET /api/v2/client/user/list`, a filter list of 100). */
export const auditUsersQuery = () =>
  queryOptions({
    queryKey: auditKeys.users,
    queryFn: async ({ signal }) =>
      unwrap(await http.call(listClientUsers, { query: { page: 1, size: PAGE_SIZES.filterOptions }, signal }))
        .content.user_list,
    staleTime: 5 * 60_000,
    meta: { errorTitle: COMMON_MESSAGES.somethingWentWrong },
  });
