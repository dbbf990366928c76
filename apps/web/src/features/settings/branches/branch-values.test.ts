import { type TBranch, ZBranchRequest } from '@laurel/contract';
import { describe, expect, it } from 'vitest';
import { validateBranch } from './branch-validation';
import { branchValuesOf, newBranchValues, toBranchRequest } from './branch-values';

const saved: TBranch = {
  _id: 'c'.repeat(24),
  client_id: 'b'.repeat(24),
  display_name: 'Bean There Gardens',
  branch_number: 'BT-1',
  email: null,
  image_url: null,
  registered_name: null,
  registration_number: null,
  vat_number: '4123456789',
  vat_registered: true,
  franchise: false,
  offline: true,
  country_code: '+27',
  country_code_extension: 'ZA',
  contact_number: '0214567890',
  address: { full_address: '12 Kloof Street', coordinates: { lat: -33.93, lng: 18.41 } },
  banking_details: null,
  stock_replacement: { replace_by_default: false },
  delivery_settings: {
    delivery: true,
    delivery_fee_type: 'BASE-RADIUS',
    max_delivery_radius: null,
    base_delivery_radius: 5,
    delivery_fee_per_km: 4.5,
    delivery_fee: 25,
    delivery_radii: null,
  },
  trading_times: [{ day: 1, from: '08:00', to: '17:00', closed: false, status: 1 }],
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-02T00:00:00.000Z',
};

describe('branch values', () => {
  it('a new branch sends the entity defaults once named and given its fees', () => {
    const body = toBranchRequest({
      ...newBranchValues(),
      display_name: ' Gardens ',
      vat_number: '4123456789',
      banking_details: { account_number: '1', account_type: 'SAVINGS', branch_code: '2', name: 'FNB' },
      max_delivery_radius: 10,
      delivery_fee: 30,
    });
    expect(ZBranchRequest.safeParse(body).success).toBe(true);
    expect(body).toMatchObject({
      display_name: 'Gardens',
      franchise: true,
      vat_registered: true,
      offline: true,
      country_code: '+27',
      country_code_extension: 'ZA',
      stock_replacement: { replace_by_default: true },
      delivery_settings: {
        delivery: true,
        delivery_fee_type: 'FLAT-FEE',
        max_delivery_radius: 10,
        delivery_fee: 30,
      },
    });
    expect(body.trading_times).toHaveLength(8);
    expect(body.trading_times?.[7]).toEqual({ day: 7, from: '06:00', to: '06:00', closed: false, status: 1 });
  });

  it('a saved branch round-trips; days it lacks get the default hours; its address keeps its coordinates', () => {
    const values = branchValuesOf(saved);
    expect(values.trading_times[1]).toEqual({ day: 1, from: '08:00', to: '17:00', status: 1 });
    expect(values.trading_times[0]).toEqual({ day: 0, from: '06:00', to: '06:00', status: 1 });
    const body = toBranchRequest(values, saved.address?.full_address);
    expect(body.address).toEqual(saved.address);
    expect(body.delivery_settings).toEqual(saved.delivery_settings);
    expect(
      toBranchRequest({ ...values, address: '1 Other Road' }, saved.address?.full_address).address,
    ).toEqual({
      full_address: '1 Other Road',
      coordinates: null,
    });
  });

  it('sends only the chosen fee type’s fields, radii in order, and Closed days as closed', () => {
    const values = branchValuesOf(saved);
    const body = toBranchRequest({
      ...values,
      delivery_fee_type: 'MULTI-RADII',
      delivery_radii: [
        { radius: 10, fee: 40 },
        { radius: 3, fee: 15 },
      ],
      trading_times: values.trading_times.map((row) => (row.day === 0 ? { ...row, status: 2 } : row)),
    });
    expect(body.delivery_settings).toMatchObject({
      max_delivery_radius: null,
      base_delivery_radius: null,
      delivery_fee_per_km: null,
      delivery_fee: null,
      delivery_radii: [
        { radius: 3, fee: 15 },
        { radius: 10, fee: 40 },
      ],
    });
    expect(body.trading_times?.[0]).toMatchObject({ closed: true, status: 2 });
  });

  it('reports the contract messages by field path', () => {
    expect(validateBranch({ ...branchValuesOf(saved), display_name: ' ', delivery_fee_per_km: '' })).toEqual({
      display_name: 'display name is required',
      'delivery_settings.delivery_fee_per_km': 'delivery fee per km is required',
    });
  });
});
