import {
  COMMON_MESSAGES,
  createReward,
  getReward,
  listRewards,
  type TReward,
  type TRewardItemType,
  type TRewardStatus,
  type TSaveRewardRequest,
  updateReward,
  uploadRewardCodes,
} from '@laurel/contract';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '@/api/http';
import { unwrap } from '@/api/http-client';
import { listCache } from '@/api/list-cache';
import { areaKeys, pageInfo } from '@/api/query-keys';
import { uploadImage } from '@/api/upload-image';
import { REWARD_TEXTS } from '@/features/rewards/reward-format';

export type TRewardsListQuery = {
  page: number;
  size: number;
  search: string;
  status: TRewardStatus | null;
  type: TRewardItemType | null;
};
export type TRewardsPage = { rewards: TReward[]; count: number; hasMore: boolean };

export const rewardKeys = areaKeys('rewards');

/** `GET /api/rewards?page&size&search_string&status&type`: one page of the catalogue, newest first. */
export const rewardsListQuery = (query: TRewardsListQuery) =>
  queryOptions({
    queryKey: rewardKeys.list(query),
    queryFn: async ({ signal }): Promise<TRewardsPage> => {
      const result = unwrap(
        await http.call(listRewards, {
          query: {
            page: query.page,
            size: query.size,
            search_string: query.search || undefined,
            status: query.status ?? undefined,
            type: query.type ?? undefined,
          },
          signal,
        }),
      );
      return { rewards: result.content, ...pageInfo(result) };
    },
    placeholderData: keepPreviousData,
    meta: { errorTitle: REWARD_TEXTS.listFailed },
  });

/** `GET /api/rewards/:id`; a failure sends the editor back to the list. */
export const rewardQuery = (id: string) =>
  queryOptions({
    queryKey: rewardKeys.detail(id),
    queryFn: async ({ signal }) => unwrap(await http.call(getReward, { params: { id }, signal })).content,
    meta: { errorTitle: REWARD_TEXTS.retrieveFailed },
  });

/** The reward's picture (category reward_image); the editor sends only a newly chosen file, when it saves. */
export const useUploadRewardImage = () =>
  useMutation({
    mutationFn: ({ file, rewardName }: { file: File; rewardName: string }) =>
      uploadImage({
        file,
        category: 'reward_image',
        description: `Image of the reward '${rewardName.trim() || file.name}'`,
      }),
    meta: { errorTitle: COMMON_MESSAGES.uploadImageFailed },
  });

const cachedLists = listCache<'rewards', TReward>(rewardKeys.lists, 'rewards');

/** Puts a reward the server answered into the cache and reloads the lists. */
const useKeepReward = () => {
  const queryClient = useQueryClient();
  return (reward: TReward) => {
    queryClient.setQueryData(rewardKeys.detail(reward._id), reward);
    cachedLists.replace(queryClient, reward);
    return queryClient.invalidateQueries({ queryKey: rewardKeys.lists });
  };
};

/** `POST /api/rewards` for a new reward, `PUT /api/rewards/:id` for one being edited. */
export const useSaveReward = () => {
  const keep = useKeepReward();
  return useMutation({
    mutationFn: async ({ id, body }: { id: string | null; body: TSaveRewardRequest }) =>
      unwrap(
        id
          ? await http.call(updateReward, { params: { id }, body })
          : await http.call(createReward, { body }),
      ).content,
    onSuccess: keep,
    meta: { errorTitle: REWARD_TEXTS.saveFailed },
  });
};

/** `POST /api/rewards/:id/codes` with the file as multipart: the pool grows by the codes it did not know. */
export const useUploadRewardCodes = () => {
  const keep = useKeepReward();
  return useMutation({
    mutationFn: async ({ id, file }: { id: string; file: File }) => {
      const form = new FormData();
      form.append('file', file, file.name);
      return unwrap(await http.call(uploadRewardCodes, { params: { id }, body: form })).content;
    },
    onSuccess: (result) => keep(result.reward),
    meta: { errorTitle: REWARD_TEXTS.uploadCodesFailed },
  });
};
