import {
  CHALLENGE_MESSAGES,
  COMMON_MESSAGES,
  createChallenge,
  deleteChallenge,
  getChallenge,
  linkChallengeSegment,
  listChallenges,
  type TChallenge,
  type TChallengeListItem,
  type TSaveChallengeRequest,
  updateChallenge,
} from '@laurel/contract';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '@/api/http';
import { unwrap } from '@/api/http-client';
import { listCache } from '@/api/list-cache';
import { areaKeys, pageInfo } from '@/api/query-keys';
import { uploadImage } from '@/api/upload-image';

export type TChallengesListQuery = { page: number; size: number; search: string };
export type TChallengesPage = { challenges: TChallengeListItem[]; count: number; hasMore: boolean };

export const challengeKeys = areaKeys('challenges');

/** `GET /api/challenges?page&size&search` (spec 2 §7): one page, newest first. */
export const challengesListQuery = (query: TChallengesListQuery) =>
  queryOptions({
    queryKey: challengeKeys.list(query),
    queryFn: async ({ signal }): Promise<TChallengesPage> => {
      const result = unwrap(
        await http.call(listChallenges, {
          query: { page: query.page, size: query.size, search: query.search || undefined },
          signal,
        }),
      );
      return { challenges: result.content, ...pageInfo(result) };
    },
    placeholderData: keepPreviousData,
    meta: { errorTitle: COMMON_MESSAGES.somethingWentWrong },
  });

/** `GET /api/challenges/:id`; a failure sends the editor back to the list under the spec's title. */
export const challengeQuery = (id: string) =>
  queryOptions({
    queryKey: challengeKeys.detail(id),
    queryFn: async ({ signal }) => unwrap(await http.call(getChallenge, { params: { id }, signal })).content,
    meta: { errorTitle: CHALLENGE_MESSAGES.retrieveFailed },
  });

/** The challenge image (category challenge_image); the editor calls it only for a newly chosen file. */
export const useUploadChallengeImage = () =>
  useMutation({
    mutationFn: ({ file, title }: { file: File; title: string }) =>
      uploadImage({
        file,
        category: 'challenge_image',
        description: `Image of the challenge '${title.trim()}'`,
      }),
    meta: { errorTitle: COMMON_MESSAGES.uploadImageFailed },
  });

const listItemOf = ({ flow: _flow, ...item }: TChallenge): TChallengeListItem => item;

const cachedLists = listCache<'challenges', TChallengeListItem>(challengeKeys.lists, 'challenges');

/** `POST /api/challenges` for a new challenge, `PUT /api/challenges/:id` for a saved one (DESIGN §3). */
export const useSaveChallenge = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, body }: { id: string | null; body: TSaveChallengeRequest }) =>
      unwrap(
        id
          ? await http.call(updateChallenge, { params: { id }, body })
          : await http.call(createChallenge, { body }),
      ).content,
    onSuccess: (challenge) => {
      queryClient.setQueryData(challengeKeys.detail(challenge._id), challenge);
      cachedLists.replace(queryClient, listItemOf(challenge));
      return queryClient.invalidateQueries({ queryKey: challengeKeys.lists });
    },
    meta: { errorTitle: CHALLENGE_MESSAGES.saveFailed },
  });
};

/** `DELETE /api/challenges/:id`; it leaves every cached page at once, then the lists reload. */
export const useDeleteChallenge = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => unwrap(await http.call(deleteChallenge, { params: { id } })).content,
    onSuccess: (_challenge, id) => {
      queryClient.removeQueries({ queryKey: challengeKeys.detail(id) });
      cachedLists.remove(queryClient, id);
      return queryClient.invalidateQueries({ queryKey: challengeKeys.lists });
    },
    meta: { errorTitle: CHALLENGE_MESSAGES.deleteFailed },
  });
};

/** `POST /api/challenges/{challenge_id}/segments/{segment_id}` with an empty body (spec 2 §7). */
export const useLinkChallengeSegment = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ challengeId, segmentId }: { challengeId: string; segmentId: string }) =>
      unwrap(
        await http.call(linkChallengeSegment, {
          params: { challenge_id: challengeId, segment_id: segmentId },
        }),
      ).content,
    onSuccess: (_link, { challengeId }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: challengeKeys.detail(challengeId) }),
        queryClient.invalidateQueries({ queryKey: challengeKeys.lists }),
      ]),
    meta: { errorTitle: CHALLENGE_MESSAGES.saveFailed },
  });
};
