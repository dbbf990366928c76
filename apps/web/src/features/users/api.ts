import {
  clientBranches,
  createClientUser,
  getClientUser,
  isId,
  listClientUsers,
  PAGE_SIZES,
  type TCreateClientUserRequest,
  type TUpdateClientUserRequest,
  USER_MESSAGES,
  updateClientUser,
} from '@laurel/contract';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '@/api/http';
import { unwrap } from '@/api/http-client';

export type TUsersListQuery = { page: number; size: number; search: string };

export const usersKeys = {
  all: ['users'] as const,
  list: (query: TUsersListQuery) => ['users', 'list', query] as const,
  detail: (userId: string) => ['users', 'detail', userId] as const,
};

/** Under the 'branches' prefix, so that whatever invalidates the client's branches refreshes these too. */
export const branchOptionsKey = ['branches', 'options'] as const;

/** `GET /api/v2/client/user/list`: one page of the client's console users (admins only). */
export const usersListQuery = (query: TUsersListQuery) =>
  queryOptions({
    queryKey: usersKeys.list(query),
    queryFn: async ({ signal }) =>
      unwrap(
        await http.call(listClientUsers, {
          query: { page: query.page, size: query.size, search_string: query.search || undefined },
          signal,
        }),
      ).content,
    placeholderData: keepPreviousData,
    meta: { errorTitle: USER_MESSAGES.createFailedTitle },
  });

/** `GET /api/v2/client/user?user_id=`: one user, or null when there is none with that id. */
export const userQuery = (userId: string) =>
  queryOptions({
    queryKey: usersKeys.detail(userId),
    queryFn: async ({ signal }) => {
      if (!isId(userId)) return null;
      const content = unwrap(await http.call(getClientUser, { query: { user_id: userId }, signal })).content;
      return content.user_list.find((user) => user._id === userId) ?? null;
    },
    meta: { errorTitle: USER_MESSAGES.createFailedTitle },
  });

export type TBranchOption = { value: string; label: string };

/** `GET /api/v2/client/branches`: the branches a manager can be given, as picker options. */
export const branchOptionsQuery = queryOptions({
  queryKey: branchOptionsKey,
  queryFn: async ({ signal }): Promise<TBranchOption[]> =>
    unwrap(
      await http.call(clientBranches, { query: { page: 1, size: PAGE_SIZES.filterOptions }, signal }),
    ).content.branch_list.map((branch) => ({ value: branch._id, label: branch.display_name })),
  meta: { errorTitle: USER_MESSAGES.createFailedTitle },
});

/** `POST /api/v2/create/client/user`; the users lists reload before the caller's callbacks run. */
export const useCreateUser = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: TCreateClientUserRequest) => unwrap(await http.call(createClientUser, { body })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersKeys.all }),
    meta: { errorTitle: USER_MESSAGES.createFailedTitle },
  });
};

/** `PUT /api/v2/update/client/user`; the users lists and that user reload before the caller's callbacks run. */
export const useUpdateUser = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: TUpdateClientUserRequest) => unwrap(await http.call(updateClientUser, { body })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersKeys.all }),
    meta: { errorTitle: USER_MESSAGES.createFailedTitle },
  });
};
