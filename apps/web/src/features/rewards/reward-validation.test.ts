import { REWARD_MESSAGES } from '@laurel/contract';
import { describe, expect, it } from 'vitest';
import { newRewardValues } from '@/features/rewards/reward-form-values';
import { validateReward } from '@/features/rewards/reward-validation';

const valid = () => ({
  ...newRewardValues('0123456789abcdef01234567'),
  name: 'Free coffee',
  description: 'A cup',
});

describe('the reward editor’s messages', () => {
  it('says which field breaks a limit the schema gives no message for, by the editor’s own names', () => {
    const values = valid();
    values.amount = 2_000_000_000;
    values.type = 'coupon';
    values.coupon = { ...values.coupon, value: 5_000_000, valid_days: 9999 };
    const messages = validateReward(values, 0).map((error) => error.message);
    expect(messages).toEqual([
      'Cost must be at most 1,000,000,000.',
      'Coupon value must be at most 1,000,000.',
      'Valid for must be at most 3,650.',
    ]);
    for (const message of messages) expect(message).not.toMatch(/Too big|Invalid input|expected/);
  });

  it('keeps the messages the contract gives', () => {
    const values = { ...valid(), name: '', amount: 0 };
    const messages = validateReward(values, 0).map((error) => error.message);
    expect(messages).toContain(REWARD_MESSAGES.nameRequired);
    expect(messages).toContain(REWARD_MESSAGES.costPositive);
  });
});
