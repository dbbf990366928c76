import { HTTP_CLIENT_MESSAGES, ROUTE_PATTERNS } from '@laurel/contract';
import type { QueryClient } from '@tanstack/react-query';
import { setUnauthorizedHandler } from '@/api/http';
import { sessionStore } from '@/api/session-store';
import type { TSignInRedirectState } from '@/app/session-guards';
import { openMessageModal } from '@/ui/message-modal';

export const SESSION_ENDED_TITLE = 'Signed out';

let noticeId: string | null = null;

/** While the notice shows, other failures of the same expired session add nothing (see query-client.ts). */
export const isSessionEndedNoticeOpen = () => noticeId !== null;

const openSessionEndedNotice = () => {
  if (noticeId) return;
  noticeId = openMessageModal({
    title: SESSION_ENDED_TITLE,
    message: HTTP_CLIENT_MESSAGES.sessionExpired,
    onClose: () => {
      noticeId = null;
    },
  });
};

type TRouterLike = {
  state: { location: { pathname: string; search: string } };
  navigate: (to: string, options: { replace: boolean; state: TSignInRedirectState }) => unknown;
};

/**
 * A 401 to a request that carried a token (expired, revoked or tampered): the HTTP client has already cleared the
 * session; drop cached answers, say why, and return to log-in, which brings the user back here after signing in.
 * Returns the function that uninstalls it.
 */
export const installSessionExpiry = (queryClient: QueryClient, router: TRouterLike) => {
  noticeId = null;
  setUnauthorizedHandler(() => {
    queryClient.clear();
    openSessionEndedNotice();
    const { pathname, search } = router.state.location;
    if (pathname === ROUTE_PATTERNS.logIn) return;
    void router.navigate(ROUTE_PATTERNS.logIn, { replace: true, state: { from: `${pathname}${search}` } });
  });
  // A new session starts afresh, even if the notice was closed some other way (modals.closeAll skips onClose).
  const unsubscribe = sessionStore.subscribe(() => {
    if (sessionStore.get()) noticeId = null;
  });
  return () => {
    unsubscribe();
    setUnauthorizedHandler(() => undefined);
  };
};
