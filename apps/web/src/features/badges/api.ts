import {
  BADGE_MESSAGES,
  COMMON_MESSAGES,
  createBadge,
  deleteBadge,
  getBadge,
  listBadges,
  type TBadge,
  type TSaveBadgeRequest,
  updateBadge,
} from '@laurel/contract';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '@/api/http';
import { unwrap } from '@/api/http-client';
import { listCache } from '@/api/list-cache';
import { areaKeys, pageInfo } from '@/api/query-keys';
import { uploadImage } from '@/api/upload-image';

export type TBadgesListQuery = { page: number; size: number; search: string };
export type TBadgesPage = { badges: TBadge[]; count: number; hasMore: boolean };

export const badgeKeys = areaKeys('badges');

/** `GET /api/badges?page&size&search`: one page, newest first. Pickers ask for page 1, size 100 (spec 2 §2). */
export const badgesListQuery = (query: TBadgesListQuery) =>
  queryOptions({
    queryKey: badgeKeys.list(query),
    queryFn: async ({ signal }): Promise<TBadgesPage> => {
      const result = unwrap(
        await http.call(listBadges, {
          query: { page: query.page, size: query.size, search: query.search || undefined },
          signal,
        }),
      );
      return {
        badges: result.content,
        ...pageInfo(result),
      };
    },
    placeholderData: keepPreviousData,
    meta: { errorTitle: BADGE_MESSAGES.listFailed },
  });

/** `GET /api/badges/:id`; a failure sends the editor back to the list under the spec's title. */
export const badgeQuery = (id: string) =>
  queryOptions({
    queryKey: badgeKeys.detail(id),
    queryFn: async ({ signal }) => unwrap(await http.call(getBadge, { params: { id }, signal })).content,
    meta: { errorTitle: BADGE_MESSAGES.retrieveFailed },
  });

/** The badge's icon (category badge_icon); the form calls it only for a newly chosen file. */
export const useUploadBadgeIcon = () =>
  useMutation({
    mutationFn: ({ file, badgeName }: { file: File; badgeName: string }) =>
      uploadImage({ file, category: 'badge_icon', description: `Icon of the badge '${badgeName.trim()}'` }),
    meta: { errorTitle: COMMON_MESSAGES.uploadIconFailed },
  });

const cachedLists = listCache<'badges', TBadge>(badgeKeys.lists, 'badges');

/**
 * The spec's one save (spec 2 §7): `POST /api/badges` for a new badge, `PUT /api/badges/:id` for an existing one.
 * The saved badge goes into the cache and the lists reload before the caller's callbacks run. The spec names one
 * failure title for saving, 'Something went wrong when creating your badge!'.
 */
export const useSaveBadge = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, body }: { id: string | null; body: TSaveBadgeRequest }) =>
      unwrap(
        id ? await http.call(updateBadge, { params: { id }, body }) : await http.call(createBadge, { body }),
      ).content,
    onSuccess: (badge) => {
      queryClient.setQueryData(badgeKeys.detail(badge._id), badge);
      cachedLists.replace(queryClient, badge);
      return queryClient.invalidateQueries({ queryKey: badgeKeys.lists });
    },
    meta: { errorTitle: BADGE_MESSAGES.createFailed },
  });
};

/** `DELETE /api/badges/:id`; it leaves every cached page at once, then the lists reload. */
export const useDeleteBadge = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => unwrap(await http.call(deleteBadge, { params: { id } })).content,
    onSuccess: (_badge, id) => {
      queryClient.removeQueries({ queryKey: badgeKeys.detail(id) });
      cachedLists.remove(queryClient, id);
      return queryClient.invalidateQueries({ queryKey: badgeKeys.lists });
    },
    meta: { errorTitle: BADGE_MESSAGES.deleteFailed },
  });
};
