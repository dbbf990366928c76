import { API_PREFIX } from '@laurel/contract';
import { dataAsOfStore } from '@/api/data-as-of';
import { createHttpClient, type TRequestToken } from '@/api/http-client';
import { sessionStore, type TSession } from '@/api/session-store';

const tokenFields = {
  user: 'token',
  client: 'client_token',
  media: 'media_upload_token',
  payment: 'payment_engine_token',
} as const satisfies Record<Exclude<TRequestToken, 'none'>, keyof TSession>;

let unauthorizedHandler: (() => void) | undefined;

/** The app decides where a 401 leads (the router is created after this module). */
export const setUnauthorizedHandler = (handler: () => void) => {
  unauthorizedHandler = handler;
};

const forbiddenListeners = new Set<() => void>();

/** Listens for 403s to signed-in requests (the console then re-reads the user's permissions); returns the unsubscribe. */
export const onForbidden = (listener: () => void) => {
  forbiddenListeners.add(listener);
  return () => {
    forbiddenListeners.delete(listener);
  };
};

/**
 * The console's HTTP client: base URL `/api`, tokens from the session, a 401 ends the session; how fresh each
 * endpoint's last answer was goes to the data-as-of store (the pages' "Data as of" line).
 */
export const http = createHttpClient({
  baseUrl: API_PREFIX,
  getToken: (kind) => sessionStore.get()?.[tokenFields[kind]],
  onUnauthorized: () => {
    sessionStore.clear();
    unauthorizedHandler?.();
  },
  onForbidden: () => {
    for (const listener of forbiddenListeners) listener();
  },
  onDataAsOf: dataAsOfStore.record,
});
