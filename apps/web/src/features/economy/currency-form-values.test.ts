import { describe, expect, it } from 'vitest';
import {
  blankCurrencyValues,
  chooseCurrencyCode,
  chooseCurrencyType,
  currencyIconToSave,
  toCurrencyBody,
  valuesOfCurrency,
} from '@/features/economy/currency-form-values';
import { COINS } from '@/features/economy/test-server';

describe('currency form (spec 3 §2)', () => {
  it('starts as a blank real currency', () => {
    expect(blankCurrencyValues()).toMatchObject({ type: 'real', name: '', code: '', conversion_rate: 0 });
  });

  it('names a real currency by the chosen code and resets its rate to 0', () => {
    const values = chooseCurrencyCode({ ...blankCurrencyValues(), conversion_rate: 18.2 }, 'USD');
    expect(values).toMatchObject({ name: 'USD', code: 'USD', conversion_rate: 0 });
  });

  it('starts the fields afresh when the type changes, keeping the icon', () => {
    const edited = { ...valuesOfCurrency(COINS) };
    const real = chooseCurrencyType(edited, 'real');
    expect(real).toMatchObject({ type: 'real', name: '', code: '', conversion_rate: 0, icon: COINS.icon });
  });

  it('saves a library icon, or an uploaded image instead of it', () => {
    const values = valuesOfCurrency(COINS);
    expect(currencyIconToSave(values, null)).toEqual({
      name: 'mug-hot',
      prefix: 'fas',
      url: null,
      etag: null,
    });
    expect(currencyIconToSave(values, { location: 'http://x/media/coin.png', etag: 'e1' })).toEqual({
      name: null,
      prefix: null,
      url: 'http://x/media/coin.png',
      etag: 'e1',
    });
  });

  it('sends the expiry days only when balances expire after days', () => {
    const values = { ...valuesOfCurrency(COINS), expiry_days: 30 as const };
    expect(toCurrencyBody(values, values.icon)).toMatchObject({ expiry_policy: 'never', expiry_days: null });
    expect(toCurrencyBody({ ...values, expiry_policy: 'after_days' }, values.icon)).toMatchObject({
      expiry_policy: 'after_days',
      expiry_days: 30,
    });
  });
});
