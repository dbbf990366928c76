/** Failure texts of the console's HTTP wrapper (spec 1 §8, DESIGN §7). A 4xx with an envelope shows its message. */
export const HTTP_CLIENT_MESSAGES = {
  /** The fetch rejected (status 0). */
  couldNotConnect: 'Client could not connect to the server',
  /** An error thrown before the request was sent. */
  neverLeft: 'Client request never left the browser and therefore never received a response from the server',
  /** Any status without a usable envelope message. */
  errorResponse: 'Client was given an error response',
  /** A 401 ends the session and returns to the welcome area. */
  sessionExpired: 'Your session has expired. Please sign in again.',
} as const;
