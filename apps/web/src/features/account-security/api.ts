import {
  COMMON_MESSAGES,
  disableMyMfa,
  enableMyMfa,
  getMyMfa,
  getSecurityPolicy,
  listMySessions,
  regenerateMyRecoveryCodes,
  resetUserMfa,
  revokeMyOtherSessions,
  revokeMySession,
  revokeUserSessions,
  SIGN_IN_MESSAGES,
  signInMfa,
  signInMfaEnrol,
  signInMfaSetup,
  startMyMfaSetup,
  updateSecurityPolicy,
} from '@laurel/contract';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '@/api/http';
import { unwrap } from '@/api/http-client';
import { pageInfo } from '@/api/query-keys';

export const securityKeys = {
  all: ['account-security'] as const,
  mfa: ['account-security', 'mfa'] as const,
  sessions: ['account-security', 'sessions'] as const,
  policy: ['account-security', 'policy'] as const,
};

/** `GET v2/client-user/mfa`: whether the signed-in user has two-factor on, and whether the business requires it. */
export const myMfaQuery = queryOptions({
  queryKey: securityKeys.mfa,
  queryFn: async ({ signal }) => unwrap(await http.call(getMyMfa, { signal })).content,
  meta: { errorTitle: COMMON_MESSAGES.somethingWentWrong },
});

/** `GET v2/client-user/sessions`: a page of the signed-in user's live sessions, and how many there are. */
export const mySessionsQuery = (page: number, size: number) =>
  queryOptions({
    queryKey: [...securityKeys.sessions, page, size] as const,
    queryFn: async ({ signal }) => {
      const result = unwrap(await http.call(listMySessions, { query: { page, size }, signal }));
      return { rows: result.content, ...pageInfo(result) };
    },
    placeholderData: keepPreviousData,
    meta: { errorTitle: COMMON_MESSAGES.somethingWentWrong },
  });

/** `GET /api/users/security-policy` (admins). */
export const securityPolicyQuery = queryOptions({
  queryKey: securityKeys.policy,
  queryFn: async ({ signal }) => unwrap(await http.call(getSecurityPolicy, { signal })).content,
  meta: { errorTitle: COMMON_MESSAGES.somethingWentWrong },
});

/** A mutation that refreshes the user's security state after it succeeds. */
const useSecurityMutation = <TInput, TResult>(mutationFn: (input: TInput) => Promise<TResult>) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: securityKeys.all }),
    meta: { errorTitle: COMMON_MESSAGES.somethingWentWrong },
  });
};

export const useStartMfaSetup = () =>
  useSecurityMutation(async () => unwrap(await http.call(startMyMfaSetup)).content);
export const useEnableMfa = () =>
  useSecurityMutation(
    async (code: string) => unwrap(await http.call(enableMyMfa, { body: { code } })).content.recovery_codes,
  );
export const useRegenerateRecoveryCodes = () =>
  useSecurityMutation(
    async (code: string) =>
      unwrap(await http.call(regenerateMyRecoveryCodes, { body: { code } })).content.recovery_codes,
  );
export const useDisableMfa = () =>
  useSecurityMutation(
    async (code: string) => unwrap(await http.call(disableMyMfa, { body: { code } })).message,
  );
export const useRevokeSession = () =>
  useSecurityMutation(
    async (id: string) => unwrap(await http.call(revokeMySession, { params: { id } })).message,
  );
export const useRevokeOtherSessions = () =>
  useSecurityMutation(async () => unwrap(await http.call(revokeMyOtherSessions)).content.revoked);
export const useUpdateSecurityPolicy = () =>
  useSecurityMutation(
    async (mfaRequired: boolean) =>
      unwrap(await http.call(updateSecurityPolicy, { body: { mfa_required: mfaRequired } })).content,
  );
export const useResetUserMfa = () =>
  useSecurityMutation(
    async (id: string) => unwrap(await http.call(resetUserMfa, { params: { id } })).message,
  );
export const useRevokeUserSessions = () =>
  useSecurityMutation(
    async (id: string) => unwrap(await http.call(revokeUserSessions, { params: { id } })).message,
  );

/** The sign-in's second step; a wrong code opens 'Something went wrong!' with the server's message. */
export const useSignInWithCode = () =>
  useMutation({
    mutationFn: async (body: { mfa_token: string; code: string }) =>
      unwrap(await http.call(signInMfa, { body })).content,
    meta: { errorTitle: SIGN_IN_MESSAGES.failedTitle },
  });
export const useSignInMfaSetup = () =>
  useMutation({
    mutationFn: async (mfaToken: string) =>
      unwrap(await http.call(signInMfaSetup, { body: { mfa_token: mfaToken } })).content,
    meta: { errorTitle: SIGN_IN_MESSAGES.failedTitle },
  });
export const useSignInMfaEnrol = () =>
  useMutation({
    mutationFn: async (body: { mfa_token: string; code: string }) =>
      unwrap(await http.call(signInMfaEnrol, { body })).content,
    meta: { errorTitle: SIGN_IN_MESSAGES.failedTitle },
  });
