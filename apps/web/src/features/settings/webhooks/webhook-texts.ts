/** The Webhooks sub-tab's words, in one place for its pages and their tests (titles in the spec's style). */
export const WEBHOOK_TEXTS = {
  title: 'Webhooks',
  intro:
    'Laurel posts what happens to your members (a tier reached, a badge granted, a reward redeemed…) to your systems as it happens, signed with each endpoint’s secret.',
  locked:
    'Webhooks are part of the Business plan: Laurel tells your systems at once when a member reaches a tier, earns a badge or redeems a reward.',
  addEndpoint: 'Add Endpoint',
  editEndpoint: 'Edit Endpoint',
  noEndpoints: 'No webhook endpoints yet. Add one to hear about your members’ activity as it happens.',
  eventTypes: 'Event types',
  selectAll: 'Select all',
  active: 'Active',
  activeHint:
    'An inactive endpoint receives nothing, and what happens while it is off is not kept for it; deliveries already waiting are sent once it is switched on again.',
  secretCreatedTitle: 'Endpoint Added',
  secretRotatedTitle: 'Secret Rotated',
  secretLabel: 'Signing secret',
  secretShownOnce:
    'Copy this secret now and keep it with your receiver. It will not be shown again: rotate it to get a new one.',
  copySecret: 'Copy secret',
  deleteTitle: 'Delete endpoint?',
  rotateTitle: 'Rotate the signing secret?',
  rotate: 'Rotate secret',
  sendTest: 'Send test event',
  testResultTitle: 'Test Event',
  deliveries: 'Deliveries',
  deliveriesIntro:
    'Everything Laurel sent to this endpoint, newest first, with each attempt. A failed delivery is retried for 3 days; Resend sends it again now.',
  backToWebhooks: 'Webhooks',
  resend: 'Resend',
  noAnswer: 'No answer',
  listFailed: 'Something went wrong when retrieving your webhook endpoints!',
  saveFailed: 'Something went wrong when saving the webhook endpoint!',
  deleteFailed: 'Something went wrong when deleting the webhook endpoint!',
  rotateFailed: 'Something went wrong when rotating the signing secret!',
  testFailed: 'Something went wrong when sending the test event!',
  deliveriesFailed: 'Something went wrong when retrieving the deliveries!',
  resendFailed: 'Something went wrong when resending the delivery!',
} as const;
