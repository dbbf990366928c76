/** The actions the API records, with the words the audit log shows for them. */
export const AUDIT_ACTION_LABELS = {
  'client.registered': 'Business registered',
  'auth.signed_in': 'Signed in',
  'auth.sign_in_failed': 'Sign-in failed',
  'auth.password_reset_requested': 'Password reset requested',
  'auth.password_reset': 'Password reset',
  'billing.plan_changed': 'Plan changed',
  'settings.integration_saved': 'Integration saved',
  'settings.regional_saved': 'Regional settings saved',
  'user.created': 'User added',
  'user.updated': 'User edited',
  'user.permissions_changed': 'Permissions changed',
  'branch.created': 'Branch added',
  'branch.updated': 'Branch edited',
  'customer.created': 'Customer added',
  'customer.updated': 'Customer edited',
  'customer.suspended': 'Customer suspended',
  'customer.activated': 'Customer activated',
  'customer.loyalty_signed_up': 'Loyalty sign-up',
  'customer.loyalty_updated': 'Loyalty edited',
  'customer.address_added': 'Address added',
  'customer.address_deleted': 'Address deleted',
  'customer.payment_method_added': 'Card registered',
  'integration.api_key_created': 'API key created',
  'integration.api_key_revoked': 'API key revoked',
} as const satisfies Record<string, string>;
export type TAuditAction = keyof typeof AUDIT_ACTION_LABELS;

export const AUDIT_ACTION_OPTIONS = Object.entries(AUDIT_ACTION_LABELS).map(([value, label]) => ({
  value,
  label,
}));

const isKnownAction = (action: string): action is TAuditAction => action in AUDIT_ACTION_LABELS;

/** 'user.permissions_changed' -> 'Permissions changed'; an action added later reads from its name. */
export const auditActionLabel = (action: string) => {
  if (isKnownAction(action)) return AUDIT_ACTION_LABELS[action];
  const words = (action.split('.').at(-1) ?? action).replace(/[_-]+/g, ' ').trim();
  return words ? `${words.charAt(0).toUpperCase()}${words.slice(1)}` : action;
};

/** A colour per area, so that the eye finds sign-ins, billing and edits quickly. */
export const auditActionColor = (action: string) => {
  if (action === 'auth.sign_in_failed') return 'red';
  const area = action.split('.')[0];
  switch (area) {
    case 'auth':
      return 'blue';
    case 'billing':
      return 'grape';
    case 'user':
      return 'teal';
    case 'branch':
      return 'orange';
    case 'settings':
      return 'cyan';
    default:
      return 'gray';
  }
};
