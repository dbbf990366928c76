// The endpoint's name reads like a hook; renamed so that nobody calls it as one.
import {
  useCoupon as acceptCouponEndpoint,
  getCoupon,
  REWARD_MESSAGES,
  type TCouponLookup,
} from '@laurel/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '@/api/http';
import { ApiError, unwrap } from '@/api/http-client';
import { rewardKeys } from '@/features/rewards/api';
import { redemptionKeys } from '@/features/rewards/redemption-api';
import { transactionKeys } from '@/features/transactions';

/** Texts of Accept Coupon (Rewards → Redemptions): the till's lookup and acceptance, in the console. */
export const COUPON_TEXTS = {
  action: 'Accept Coupon',
  title: 'Accept a coupon',
  code: 'Coupon code',
  codePlaceholder: 'Type or scan the code',
  codeRequired: 'Enter the coupon code',
  find: 'Find',
  reward: 'Reward',
  customer: 'Customer',
  cost: 'Cost',
  worth: 'Worth',
  /** What the till gives for it: 'R 35.00 off' or '15% off'. */
  worthText: (value: { value_type: 'amount' | 'percent'; value: number }, symbol: string) =>
    value.value_type === 'percent'
      ? `${value.value.toLocaleString('en-US', { maximumFractionDigits: 2 })}% off`
      : `${symbol} ${value.value.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })} off`,
  status: 'Status',
  validUntil: 'Valid until',
  orderRef: 'Order reference',
  orderRefHint: 'Optional: the order or receipt number at the till',
  accept: 'Accept coupon',
  accepted: REWARD_MESSAGES.couponAccepted,
  another: 'Find another',
  close: 'Done',
  used: (when: string) => `Used on ${when}: it cannot be accepted again.`,
  cancelled: (when: string) => `Cancelled on ${when}: it cannot be accepted.`,
  expired: (when: string) => `Expired on ${when}: it cannot be accepted.`,
} as const;

/** The server's words for a refusal (404 unknown code, 409 used or expired meanwhile), shown in the dialog. */
const messageOf = (error: unknown) => (error instanceof ApiError ? error.message : String(error));
export const couponErrorText = (error: unknown) => (error ? messageOf(error) : null);

/** `GET /api/v1/coupons/:code`: what the typed code is, looked up when Find is pressed (not as it is typed). */
export const useFindCoupon = () =>
  useMutation({
    mutationFn: async (code: string): Promise<TCouponLookup> =>
      unwrap(await http.call(getCoupon, { params: { code } })).content,
  });

/**
 * `POST /api/v1/coupons/:code/use` as staff (audit-logged): the coupon is used, and the reports, the customer's
 * redemptions and the reward's figures reload (no balance moves).
 */
export const useAcceptCoupon = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ code, orderId }: { code: string; orderId: string }) =>
      unwrap(
        await http.call(acceptCouponEndpoint, {
          params: { code },
          body: orderId.trim() ? { order_id: orderId.trim() } : {},
        }),
      ).content,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: redemptionKeys.all }),
        queryClient.invalidateQueries({ queryKey: rewardKeys.all }),
        queryClient.invalidateQueries({ queryKey: transactionKeys.all }),
      ]),
  });
};
