import {
  BADGE_MESSAGES,
  COMMON_MESSAGES,
  createBadge,
  deleteBadge,
  getBadge,
  listBadges,
  type TBadge,
  type TSaveBadgeRequest,
  type TUploadCategory,
  type TUploadType,
  updateBadge,
  uploadFile,
} from '@laurel/contract';
import {
  keepPreviousData,
  type QueryClient,
  queryOptions,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query';
import { http } from '@/api/http';
import { unwrap } from '@/api/http-client';
import { areaKeys, pageInfo } from '@/api/query-keys';

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

const UPLOAD_TYPE: TUploadType = 'IMAGE';
const ICON_CATEGORY: TUploadCategory = 'badge_icon';

/**
 * `POST /api/upload/upload` with the media token: the text fields first, then the file, so that a streaming
 * multipart reader has them when the file arrives. Answers the stored file's absolute location and etag.
 */
export const useUploadBadgeIcon = () =>
  useMutation({
    mutationFn: async ({ file, badgeName }: { file: File; badgeName: string }) => {
      const form = new FormData();
      form.append('name', file.name);
      form.append('description', `Icon of the badge '${badgeName.trim()}'`);
      form.append('type', UPLOAD_TYPE);
      form.append('category', ICON_CATEGORY);
      form.append('file', file, file.name);
      return unwrap(await http.call(uploadFile, { body: form })).content;
    },
    meta: { errorTitle: COMMON_MESSAGES.uploadIconFailed },
  });

const replaceInLists = (queryClient: QueryClient, badge: TBadge) =>
  queryClient.setQueriesData<TBadgesPage>({ queryKey: badgeKeys.lists }, (page) =>
    page ? { ...page, badges: page.badges.map((item) => (item._id === badge._id ? badge : item)) } : page,
  );

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
      replaceInLists(queryClient, badge);
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
      queryClient.setQueriesData<TBadgesPage>({ queryKey: badgeKeys.lists }, (page) => {
        if (!page) return page;
        const badges = page.badges.filter((item) => item._id !== id);
        return { ...page, badges, count: Math.max(0, page.count - (page.badges.length - badges.length)) };
      });
      return queryClient.invalidateQueries({ queryKey: badgeKeys.lists });
    },
    meta: { errorTitle: BADGE_MESSAGES.deleteFailed },
  });
};
