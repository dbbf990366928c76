import { describe, expect, it } from 'vitest';
import { changeRowsOf, formatChangeValue } from './audit-changes';

describe('audit changes', () => {
  it('lists plain fields, booleans as Yes/No and blanks as a dash', () => {
    expect(
      changeRowsOf({
        display_name: { from: 'Gardens', to: 'Kloof Street' },
        franchise: { from: true, to: false },
        email: { from: null, to: 'a@b.co.za' },
      }),
    ).toEqual([
      { field: 'Display name', from: 'Gardens', to: 'Kloof Street' },
      { field: 'Franchise', from: 'Yes', to: 'No' },
      { field: 'Email', from: '—', to: 'a@b.co.za' },
    ]);
  });

  it('opens records up field by field and keeps only what changed', () => {
    expect(
      changeRowsOf({
        banking_details: {
          from: { account_number: '1', account_type: 'CHEQUE', branch_code: '2', name: 'FNB' },
          to: { account_number: '1', account_type: 'SAVINGS', branch_code: '2', name: 'FNB' },
        },
        address: { from: null, to: { full_address: '12 Kloof Street', coordinates: null } },
        delivery_settings: {
          from: { delivery: true, delivery_fee_type: 'FLAT-FEE', delivery_fee: 25 },
          to: { delivery: true, delivery_fee_type: 'BASE-RADIUS', delivery_fee: 30 },
        },
      }),
    ).toEqual([
      { field: 'Banking details › Account type', from: 'CHEQUE', to: 'SAVINGS' },
      { field: 'Address', from: '—', to: '12 Kloof Street' },
      { field: 'Delivery fee type', from: 'FLAT-FEE', to: 'BASE-RADIUS' },
      { field: 'Delivery fee', from: '25.00', to: '30.00' },
    ]);
  });

  it('shows trading times day by day, only the days that changed', () => {
    const week = (sunday: Record<string, unknown>) => [
      { day: 0, from: '06:00', to: '06:00', closed: false, status: 1, ...sunday },
      { day: 7, from: '06:00', to: '06:00', closed: false, status: 1 },
    ];
    expect(
      changeRowsOf({
        trading_times: { from: week({}), to: week({ status: 2, closed: true }) },
      }),
    ).toEqual([{ field: 'Trading times › Sunday', from: '06:00–06:00 Open', to: 'Closed' }]);
  });

  it('formats radii with their fees', () => {
    expect(
      formatChangeValue(
        [
          { radius: 5, fee: 20 },
          { radius: 10, fee: 35.5 },
        ],
        'delivery_radii',
      ),
    ).toBe('5 km: 20.00, 10 km: 35.50');
  });
});
