/**
 * Names the console needs that `@laurel/contract` does not export yet: the endpoint paths and entity shapes of
 * sign-in, password reset, terms and the client record. Each belongs in the contract as an endpoint definition
 * (spec 1 §3, §7); move it there and import it from `@laurel/contract`.
 */

/** API paths relative to `/api` (spec 1 §7). */
export const API_PATHS = {
  signIn: '/v2/client-user/signin',
  forgotPassword: '/v2/client-user/forgot-password',
  resetPassword: '/v2/client-user/reset-password',
  client: '/v2/client',
  termsAndConditions: '/v2/terms-and-conditions',
} as const;

/** The signed-in user kept in the session (spec 1 §3, "User (session)"). */
export type TSessionUser = {
  _id: string;
  name: string;
  surname: string;
  email: string;
  client_id: string;
  role?: string;
  manager_of?: string[];
  payment_engine_id?: string;
  user_permissions?: Record<string, { read?: boolean; create?: boolean; update?: boolean; delete?: boolean }>;
};

/** Content of a successful `POST v2/client-user/signin` (spec 1 §3). */
export type TSignInContent = {
  token: string;
  client_token: string;
  media_upload_token: string;
  payment_engine_token: string;
  user: TSessionUser;
};

export type TSignInRequest = { email: string; password: string; remember_me: boolean };

/** The client record of `GET v2/client?_id=` (spec 1 §3); only the fields the shell reads. */
export type TClientRecord = {
  _id: string;
  status?: string;
  currency_symbol?: string;
  clientSubscription?: { name?: string | null; status?: string | null } | null;
  users?: { user_id: string; manager_of?: string[] }[];
};
