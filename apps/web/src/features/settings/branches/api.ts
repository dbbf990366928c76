import {
  COMMON_MESSAGES,
  createBranch,
  getBranch,
  listBranches,
  type TBranchRequest,
  updateBranch,
} from '@laurel/contract';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '@/api/http';
import { unwrap } from '@/api/http-client';

export type TBranchListFilter = { page: number; size: number; search_string: string };

export const branchKeys = {
  all: ['branches'] as const,
  list: (filter: TBranchListFilter) => ['branches', 'list', filter] as const,
  one: (id: string) => ['branches', 'one', id] as const,
};

/** `GET /api/branches?page&size&search_string`: a page of the client's branches and their count. */
export const branchListQuery = (filter: TBranchListFilter) =>
  queryOptions({
    queryKey: branchKeys.list(filter),
    queryFn: async ({ signal }) => unwrap(await http.call(listBranches, { query: filter, signal })).content,
    placeholderData: keepPreviousData,
    meta: { errorTitle: COMMON_MESSAGES.somethingWentWrong },
  });

/** `GET /api/branches/:id`. */
export const branchQuery = (id: string) =>
  queryOptions({
    queryKey: branchKeys.one(id),
    queryFn: async ({ signal }) => unwrap(await http.call(getBranch, { params: { id }, signal })).content,
    meta: { errorTitle: COMMON_MESSAGES.somethingWentWrong },
  });

/**
 * `POST /api/branches` without an id, `PUT /api/branches/:id` with one. Branch lists and the branch are reloaded
 * before the caller's callbacks run; a failure opens 'Something went wrong!' with the server's message.
 */
export const useSaveBranch = (id: string | undefined) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: TBranchRequest) =>
      unwrap(
        id
          ? await http.call(updateBranch, { params: { id }, body })
          : await http.call(createBranch, { body }),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: branchKeys.all }),
    meta: { errorTitle: COMMON_MESSAGES.somethingWentWrong },
  });
};
