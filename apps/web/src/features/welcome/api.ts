import { COMMON_MESSAGES, SIGN_IN_MESSAGES } from '@laurel/contract';
import { useMutation } from '@tanstack/react-query';
import { http } from '@/api/http';
import { unwrap } from '@/api/http-client';
import { API_PATHS, type TSignInContent, type TSignInRequest } from '@/pending-contract';

/** `POST v2/client-user/signin`; a failure opens 'Something went wrong!' with the server's message (spec 1 §8). */
export const useSignIn = () =>
  useMutation({
    mutationFn: async (body: TSignInRequest) =>
      unwrap(await http.post<TSignInContent>(API_PATHS.signIn, { token: 'none', body })).content,
    meta: { errorTitle: SIGN_IN_MESSAGES.failedTitle },
  });

/** `POST v2/client-user/forgot-password` with `{ email }`; the success message is shown as is. */
export const useForgotPassword = () =>
  useMutation({
    mutationFn: async (body: { email: string }) =>
      unwrap(await http.post<unknown>(API_PATHS.forgotPassword, { token: 'none', body })).message,
    meta: { errorTitle: COMMON_MESSAGES.somethingWentWrong },
  });

/** `POST v2/client-user/reset-password` with the new password and the emailed token. */
export const useResetPassword = () =>
  useMutation({
    mutationFn: async (body: { password: string; token: string }) =>
      unwrap(await http.post<unknown>(API_PATHS.resetPassword, { token: 'none', body })).message,
    meta: { errorTitle: COMMON_MESSAGES.requestError },
  });
