import {
  COMMON_MESSAGES,
  createClient,
  forgotPassword,
  getBilling,
  getBranding,
  resetPassword,
  SIGN_IN_MESSAGES,
  SIGN_UP_MESSAGES,
  selectPlan,
  signIn,
  type TCreateClientRequest,
  type TPlan,
  type TSignInRequest,
} from '@laurel/contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '@/api/http';
import { unwrap } from '@/api/http-client';
import { queryKeys } from '@/api/query-keys';

/** `POST v2/client-user/signin`; a failure opens 'Something went wrong!' with the server's message (spec 1 §8). */
export const useSignIn = () =>
  useMutation({
    mutationFn: async (body: TSignInRequest) => unwrap(await http.call(signIn, { body })).content,
    meta: { errorTitle: SIGN_IN_MESSAGES.failedTitle },
  });

/** `POST v2/client-user/forgot-password` with `{ email }`; the success message is shown as is. */
export const useForgotPassword = () =>
  useMutation({
    mutationFn: async (body: { email: string }) => unwrap(await http.call(forgotPassword, { body })).message,
    meta: { errorTitle: COMMON_MESSAGES.somethingWentWrong },
  });

/** `POST v2/client-user/reset-password` with the new password and the emailed token. */
export const useResetPassword = () =>
  useMutation({
    mutationFn: async (body: { password: string; token: string }) =>
      unwrap(await http.call(resetPassword, { body })).message,
    meta: { errorTitle: COMMON_MESSAGES.requestError },
  });

/** `POST v2/self-onboard/create/client`; a failure opens 'Oops!' with the server's message (spec 1 §8). */
export const useCreateClient = () =>
  useMutation({
    mutationFn: async (body: TCreateClientRequest) => unwrap(await http.call(createClient, { body })).content,
    meta: { errorTitle: SIGN_UP_MESSAGES.registrationFailedTitle },
  });

/** `GET /api/branding`: the side image, logo and slogan for the host the console is served from. */
export const brandingQuery = queryOptions({
  queryKey: queryKeys.branding,
  queryFn: async ({ signal }) => unwrap(await http.call(getBranding, { signal })).content,
  staleTime: Number.POSITIVE_INFINITY,
});

/** `GET /api/billing`: the billing provider, the plans on offer and the client's current plan. */
export const billingQuery = (clientId: string) =>
  queryOptions({
    queryKey: queryKeys.billing(clientId),
    queryFn: async ({ signal }) => unwrap(await http.call(getBilling, { signal })).content,
    meta: { errorTitle: COMMON_MESSAGES.somethingWentWrong },
  });

/**
 * `POST /api/billing/plan` (built-in provider): the plan becomes active and the client leaves
 * AWAITING_SUBSCRIPTION_PAYMENT. The cached client record is dropped rather than marked stale: the console shell
 * would otherwise act on the old status (and send the user straight back here) before its refetch lands.
 */
export const useSelectPlan = (clientId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (plan: TPlan) => unwrap(await http.call(selectPlan, { body: { plan } })).content,
    onSuccess: async () => {
      queryClient.removeQueries({ queryKey: queryKeys.client(clientId) });
      await queryClient.invalidateQueries({ queryKey: queryKeys.billing(clientId) });
    },
    meta: { errorTitle: COMMON_MESSAGES.somethingWentWrong },
  });
};
