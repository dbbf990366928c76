import {
  COMMON_MESSAGES,
  createRewardTrack,
  deleteRewardTrack,
  getPlayer,
  getProgressionConfigs,
  getRewardTrack,
  listRewardTracks,
  PAGE_SIZES,
  REWARD_TRACK_MESSAGES,
  type TRewardTrack,
  type TRewardTrackType,
  type TSaveRewardTrackRequest,
  updateRewardTrack,
} from '@laurel/contract';
import {
  infiniteQueryOptions,
  type QueryClient,
  queryOptions,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query';
import { http } from '@/api/http';
import { unwrap } from '@/api/http-client';
import { areaKeys, pageInfo } from '@/api/query-keys';
import { uploadImage } from '@/api/upload-image';

export const rewardTrackKeys = {
  ...areaKeys('reward-tracks'),
  progression: ['reward-tracks', 'progression'] as const,
  ofType: (type: TRewardTrackType) => ['reward-tracks', 'of-type', type] as const,
  player: (customerId: string) => ['reward-tracks', 'player', customerId] as const,
};

export type TRewardTracksPage = { tracks: TRewardTrack[]; count: number; hasMore: boolean; page: number };

/** `GET /api/reward-tracks?page&size&search_string`, one page after another as the list scrolls (spec 3 §2). */
export const rewardTracksInfiniteQuery = (search: string) =>
  infiniteQueryOptions({
    queryKey: rewardTrackKeys.list({ search }),
    initialPageParam: 1,
    queryFn: async ({ pageParam, signal }): Promise<TRewardTracksPage> => {
      const result = unwrap(
        await http.call(listRewardTracks, {
          query: { page: pageParam, size: PAGE_SIZES.default, search_string: search || undefined },
          signal,
        }),
      );
      return { tracks: result.content, ...pageInfo(result), page: pageParam };
    },
    // Infinite scroll loads page+1 while more exist.
    getNextPageParam: (last) => (last.hasMore ? last.page + 1 : undefined),
    meta: { errorTitle: REWARD_TRACK_MESSAGES.listFailed },
  });

/** `GET /api/reward-tracks/:id` with its milestones; a failure sends the page back to the list. */
export const rewardTrackQuery = (id: string) =>
  queryOptions({
    queryKey: rewardTrackKeys.detail(id),
    queryFn: async ({ signal }) =>
      unwrap(await http.call(getRewardTrack, { params: { id }, signal })).content,
    meta: { errorTitle: REWARD_TRACK_MESSAGES.retrieveFailed },
  });

/** The client's one track of a progression type, or null: the sidebar's link opens it (spec 3 §2). */
export const trackOfTypeQuery = (type: TRewardTrackType) =>
  queryOptions({
    queryKey: rewardTrackKeys.ofType(type),
    queryFn: async ({ signal }) =>
      unwrap(
        await http.call(listRewardTracks, { query: { page: 1, size: 1, reward_track_type: type }, signal }),
      ).content[0] ?? null,
    meta: { errorTitle: REWARD_TRACK_MESSAGES.retrieveFailed },
  });

/** The tier and level progressions' mappings (null when one does not exist), for the customer profile. */
export const progressionConfigsQuery = () =>
  queryOptions({
    queryKey: rewardTrackKeys.progression,
    queryFn: async ({ signal }) => unwrap(await http.call(getProgressionConfigs, { signal })).content,
    meta: { errorTitle: REWARD_TRACK_MESSAGES.customerTrackFailed },
  });

/** The customer's level and tier as the engine keeps them (`GET /api/v1/players/:id` with the client token). */
export const playerProgressQuery = (customerId: string) =>
  queryOptions({
    queryKey: rewardTrackKeys.player(customerId),
    queryFn: async ({ signal }) =>
      unwrap(await http.call(getPlayer, { params: { customer_id: customerId }, signal })).content,
    // The profile's statistics read the same player and already report a failure.
  });

/**
 * Newly chosen milestone images, uploaded before the save (spec 3 §4): category 'milestone_images', described by
 * the milestone's name. Answers each location by milestone position; one failure fails them all, so the save stops.
 */
export const useUploadMilestoneImages = () =>
  useMutation({
    mutationFn: async (files: readonly { index: number; file: File; name: string }[]) => {
      const locations = new Map<number, string>();
      for (const { index, file, name } of files) {
        const uploaded = await uploadImage({ file, category: 'milestone_images', description: name });
        locations.set(index, uploaded.location);
      }
      return locations;
    },
    meta: { errorTitle: COMMON_MESSAGES.uploadImagesFailed },
  });

const invalidateTracks = (queryClient: QueryClient) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: rewardTrackKeys.lists }),
    queryClient.invalidateQueries({ queryKey: rewardTrackKeys.progression }),
    queryClient.invalidateQueries({ queryKey: ['reward-tracks', 'of-type'] }),
  ]);

/**
 * `POST /api/reward-tracks` for a new track, `PUT /api/reward-tracks/:id` otherwise (spec 3 §7). The saved track
 * goes into the cache and the lists reload before the caller's callbacks run.
 */
export const useSaveRewardTrack = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, body }: { id: string | null; body: TSaveRewardTrackRequest }) => {
      const result = unwrap(
        id
          ? await http.call(updateRewardTrack, { params: { id }, body })
          : await http.call(createRewardTrack, { body }),
      );
      return { track: result.content, message: result.message };
    },
    onSuccess: ({ track }) => {
      queryClient.setQueryData(rewardTrackKeys.detail(track._id), track);
      return invalidateTracks(queryClient);
    },
    meta: { errorTitle: REWARD_TRACK_MESSAGES.saveFailed },
  });
};

/** `DELETE /api/reward-tracks/:id`; the lists reload. */
export const useDeleteRewardTrack = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => unwrap(await http.call(deleteRewardTrack, { params: { id } })).content,
    onSuccess: (_track, id) => {
      queryClient.removeQueries({ queryKey: rewardTrackKeys.detail(id) });
      return invalidateTracks(queryClient);
    },
    meta: { errorTitle: REWARD_TRACK_MESSAGES.deleteFailed },
  });
};
