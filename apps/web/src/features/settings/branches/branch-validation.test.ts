import { requiredMessage } from '@laurel/contract';
import { describe, expect, it } from 'vitest';
import { validateBranch } from '@/features/settings/branches/branch-validation';
import { newBranchValues } from '@/features/settings/branches/branch-values';

describe('the branch form’s messages', () => {
  it('says which field is too long where the schema gives no message, not zod’s own English', () => {
    const values = { ...newBranchValues(), display_name: 'Main', registered_name: 'x'.repeat(201) };
    values.vat_number = '9'.repeat(61);
    const errors = validateBranch(values);
    expect(errors.registered_name).toBe('Registered name must be at most 200 characters.');
    expect(errors.vat_number).toBe('VAT number must be at most 60 characters.');
  });

  it('keeps the messages the contract gives', () => {
    expect(validateBranch({ ...newBranchValues(), display_name: '' }).display_name).toBe(
      requiredMessage('display_name'),
    );
  });
});
