import { ROUTE_PATTERNS } from '@laurel/contract';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useSession } from '@/api/use-session';

/** Location state the log-in page reads to return the user where they were headed. */
export type TSignInRedirectState = { from?: string };

/** Without a stored session, a visitor is sent to the welcome area's log-in (spec 1 §2.1). */
export const RequireSession = ({ children }: { children: ReactNode }) => {
  const session = useSession();
  const location = useLocation();
  if (!session) {
    const state: TSignInRedirectState = { from: `${location.pathname}${location.search}` };
    return <Navigate to={ROUTE_PATTERNS.logIn} replace state={state} />;
  }
  return children;
};

/** Where to go after signing in: back into the console page that sent the user here, else the console. */
export const afterSignInPath = (state: unknown) => {
  const from = (state as TSignInRedirectState | null)?.from;
  return typeof from === 'string' && from.startsWith(`${ROUTE_PATTERNS.console}/`)
    ? from
    : ROUTE_PATTERNS.console;
};
