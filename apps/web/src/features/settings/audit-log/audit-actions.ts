import { AUDIT_ACTION_LABELS, type TAuditAction } from '@laurel/contract';

export { AUDIT_ACTION_LABELS, type TAuditAction };

/** Every action, by its words (searchable: a log holds some ninety kinds). */
export const AUDIT_ACTION_OPTIONS = Object.entries(AUDIT_ACTION_LABELS)
  .map(([value, label]) => ({ value, label }))
  .sort((a, b) => a.label.localeCompare(b.label));

const isKnownAction = (action: string): action is TAuditAction => action in AUDIT_ACTION_LABELS;

/** 'user.permissions_changed' -> 'Permissions changed'; an action added later reads from its name. */
export const auditActionLabel = (action: string) => {
  if (isKnownAction(action)) return AUDIT_ACTION_LABELS[action];
  const words = (action.split('.').at(-1) ?? action).replace(/[_-]+/g, ' ').trim();
  return words ? `${words.charAt(0).toUpperCase()}${words.slice(1)}` : action;
};

/** A colour per area, so that the eye finds sign-ins, billing and edits quickly. */
export const auditActionColor = (action: string) => {
  if (action === 'auth.sign_in_failed' || action === 'auth.mfa_failed' || action === 'customer.erased')
    return 'red';
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
