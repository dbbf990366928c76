import { requiredMessage, ZBranchRequest } from '@laurel/contract';
import {
  type TBranchErrors,
  type TBranchFormValues,
  toBranchRequest,
} from '@/features/settings/branches/branch-values';
import '@/ui/plain-form-messages';

// The branch's checks, apart from its values: they take zod, which the form loads once edited.

/**
 * The contract's own rules and messages (ZBranchRequest), keyed by field path; a radius row with a blank cell is
 * reported here too, since the contract would read the blank as 0.
 */
export const validateBranch = (values: TBranchFormValues): TBranchErrors => {
  const errors: TBranchErrors = {};
  const parsed = ZBranchRequest.safeParse(toBranchRequest(values));
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const path = issue.path.map(String).join('.');
      errors[path] ??= issue.message;
    }
  }
  if (values.delivery && values.delivery_fee_type === 'MULTI-RADII') {
    values.delivery_radii.forEach((row, index) => {
      if (row.radius === '')
        errors[`delivery_settings.delivery_radii.${index}.radius`] ??= requiredMessage('radius');
      if (row.fee === '') errors[`delivery_settings.delivery_radii.${index}.fee`] ??= requiredMessage('fee');
    });
  }
  return errors;
};
