/** The Integrations tab's words, in one place for the page and its tests (titles in the spec's style). */
export const INTEGRATION_TEXTS = {
  title: 'Integrations',
  apiKeysTitle: 'API Keys',
  apiKeysIntro:
    'Your tills, online shop and app send Laurel their activity with an API key. Create one key per system, so that you can revoke one without stopping the others.',
  createApiKey: 'Create API Key',
  noApiKeys: 'No API keys yet. Create one for each system that sends Laurel its activity.',
  keyCreatedTitle: 'API Key Created',
  keyShownOnce:
    'Copy this key now and keep it somewhere safe. It will not be shown again: Laurel keeps only a fingerprint of it.',
  revokeTitle: 'Revoke API key?',
  revoke: 'Revoke',
  howToSendEvents: 'How to send events',
  eventLogTitle: 'Event Log',
  eventLogIntro:
    'Every event your systems sent, the last to arrive first, and what Laurel did with it. Choose an event to see its data.',
  eventLogLocked:
    'The Event Log is part of the Business plan: see every event your systems send, why one failed, and retry it.',
  upgrade: 'Upgrade',
  retry: 'Retry',
  unknownCustomer: 'Unknown customer',
  /** An event Laurel recorded for an order, named by the order's number ('Order WEB-100231'). */
  orderEvent: 'Order',
  never: 'Never',
  apiKeysFailed: 'Something went wrong when retrieving your API keys!',
  createFailed: 'Something went wrong when creating your API key!',
  revokeFailed: 'Something went wrong when revoking the API key!',
  eventLogFailed: 'Something went wrong when retrieving the event log!',
  retryFailed: 'Something went wrong when retrying the event!',
} as const;
