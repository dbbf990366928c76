import {
  cancelCustomerRedemption,
  listCustomerRedemptions,
  listPlayerRewards,
  redeemForCustomer,
  type TRedeemRequest,
  type TWallet,
} from '@laurel/contract';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '@/api/http';
import { unwrap } from '@/api/http-client';
import { areaKeys, pageInfo } from '@/api/query-keys';
import { invalidateCustomerBalances } from '@/features/economy';
import { rewardKeys } from '@/features/rewards/api';
import { transactionKeys } from '@/features/transactions';

/** Texts of the profile's Rewards box and its dialogs. */
export const REDEMPTION_TEXTS = {
  title: 'Rewards',
  empty: 'No rewards redeemed yet.',
  listFailed: 'Something went wrong when retrieving the customer’s rewards!',
  redeem: 'Redeem reward',
  redeemButton: 'Redeem',
  redeemFailed: 'The reward was not redeemed',
  reward: 'Reward',
  noRewards: 'There are no active rewards to redeem.',
  noMatch: 'No reward matches your search.',
  availableFrom: (day: string) => `Available from ${day}`,
  ended: (day: string) => `Ended ${day}`,
  moreRewards: (shown: number, count: number) =>
    `The first ${shown} of ${count.toLocaleString('en-US')} rewards: search to find another.`,
  rewardsFailed: 'Something went wrong when retrieving the rewards the customer may redeem!',
  search: 'Search rewards',
  issued: 'Reward redeemed',
  code: 'Coupon code',
  copyCode: 'Copy code',
  copied: 'Copied',
  expires: 'Valid until',
  newBalance: 'New balance',
  done: 'Done',
  cancel: 'Cancel',
  cancelTitle: 'Cancel this redemption?',
  /**
   * True whatever the reward (redemptions.service cancel): the cost is credited back and the coupon voided; a set
   * stock counts the redemption no more, but a pool's code stays used (a redemption does not say which kind it was).
   */
  cancelText: (reward: string, cost: string, code: string | null, coupon: boolean) =>
    `${code ? `The coupon ${code} stops working for good and ` : ''}${cost} go back to the customer’s wallet. ` +
    `If ${reward} has a set stock, one goes back to it${coupon ? '; a code from an uploaded pool is not put back in the pool' : ''}.`,
  /** An erased member's balances were forfeited: cancelling voids the coupon and credits nothing. */
  cancelTextErased: (code: string | null) =>
    `${code ? `The coupon ${code} stops working for good. ` : ''}Nothing goes back to the wallet: this customer was erased and their balances were forfeited.`,
  cancelConfirm: 'Cancel redemption',
  keep: 'Keep it',
  cancelFailed: 'The redemption was not cancelled',
} as const;

export const redemptionKeys = areaKeys('redemptions');

/** The code of a currency the customer holds, by its id: a redemption names only the id. */
export const currencyCodeOf = (wallets: readonly TWallet[] | undefined, currencyId: string) =>
  wallets?.find((wallet) => wallet.currency._id === currencyId)?.currency.code ?? null;

/** `GET /api/customers/:customer_id/redemptions`: the customer's redemptions and codes, newest first. */
export const customerRedemptionsQuery = (customerId: string, page: number, size: number) =>
  queryOptions({
    queryKey: redemptionKeys.list({ customerId, page, size }),
    queryFn: async ({ signal }) => {
      const result = unwrap(
        await http.call(listCustomerRedemptions, {
          params: { customer_id: customerId },
          query: { page, size },
          signal,
        }),
      );
      return { redemptions: result.content, ...pageInfo(result) };
    },
    placeholderData: keepPreviousData,
    meta: { errorTitle: REDEMPTION_TEXTS.listFailed },
  });

/**
 * `GET /api/v1/players/:customer_id/rewards` (client token): the catalogue as this customer sees it now, cheapest
 * first, each with whether they may redeem it and why not. Under the rewards' keys: a redemption, a cancel or an
 * edited reward reloads it.
 */
export const playerRewardsQuery = (customerId: string) =>
  queryOptions({
    queryKey: [...rewardKeys.all, 'player', customerId] as const,
    queryFn: async ({ signal }) =>
      unwrap(await http.call(listPlayerRewards, { params: { customer_id: customerId }, signal })).content,
    // Read afresh at each opening: a balance adjusted meanwhile on the profile changes what may be redeemed.
    staleTime: 0,
    meta: { errorTitle: REDEMPTION_TEXTS.rewardsFailed },
  });

/** What a redemption or its cancel changes: the customer's codes and balances, the stock, the reports. */
const useInvalidateRedemption = (customerId: string) => {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: redemptionKeys.all }),
      invalidateCustomerBalances(queryClient, customerId),
      queryClient.invalidateQueries({ queryKey: rewardKeys.all }),
      queryClient.invalidateQueries({ queryKey: transactionKeys.all }),
    ]);
};

/**
 * `POST /api/customers/:customer_id/redemptions` with the dialog's idempotency id: a retry of the same opening
 * is not redeemed twice. A refusal ('Insufficient balance', 'Out of stock'…) opens the message modal.
 */
export const useRedeemForCustomer = (customerId: string) => {
  const invalidate = useInvalidateRedemption(customerId);
  return useMutation({
    mutationFn: async (body: TRedeemRequest) =>
      unwrap(await http.call(redeemForCustomer, { params: { customer_id: customerId }, body })).content,
    onSuccess: invalidate,
    meta: { errorTitle: REDEMPTION_TEXTS.redeemFailed },
  });
};

/** `POST /api/redemptions/:id/cancel`: the coupon is void and the cost credited back. */
export const useCancelRedemption = (customerId: string) => {
  const invalidate = useInvalidateRedemption(customerId);
  return useMutation({
    mutationFn: async (id: string) => unwrap(await http.call(cancelCustomerRedemption, { params: { id } })),
    onSuccess: invalidate,
    meta: { errorTitle: REDEMPTION_TEXTS.cancelFailed },
  });
};
