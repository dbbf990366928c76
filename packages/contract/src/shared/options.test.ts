import { describe, expect, it } from 'vitest';
import {
  BRANCH_DEFAULTS,
  DELIVERY_FEE_REQUIRED_FIELDS,
  defaultTradingTimes,
  STORE_STATUS_LABELS,
  ZStoreStatus,
} from './branches';
import { isClientSubscribed } from './client-statuses';
import { BASKET_DEFAULTS, PAYMENT_LOCATIONS, PAYMENT_TYPES } from './commerce';
import { COMMUNICATION_METHODS, DEFAULT_GENDER, GENDERS } from './customer-options';
import { CUSTOMER_STATUSES, customerBlockAction, INITIAL_CUSTOMER_STATUS } from './customer-statuses';
import { toIsoDate, ZIsoDate, ZTimeOfDay } from './dates';
import { DAYS_OF_WEEK, dayOfWeekName, PUBLIC_HOLIDAYS_DAY_ID, ZDayOfWeekId } from './days-of-week';
import { DEBOUNCE_MS } from './debounce';
import { EVENT_TOPICS } from './event-topics';
import { isId, ZId } from './ids';
import { LIMITS } from './limits';
import { formatMoney, toMinorUnits, VAT_RATE, vatContainedMinor } from './money';
import { ORDER_REVERSAL_STATUSES, ORDER_STATUSES, PARCEL_STATUSES } from './order-statuses';
import { DEFAULT_SORT, FIRST_PAGE, formatCount, hasMorePages, PAGE_SIZES } from './paging';
import { BRANCH_SCOPED_ROLES, isBranchScopedRole, ROLES, STAFF_ROLE_LABELS, STAFF_ROLES } from './roles';
import { SCHEMA_FIELD_DATA_TYPES } from './schema-field-types';
import { EMPLOYEE_STATUSES, STAFF_FORM_STATUSES } from './staff-statuses';
import {
  DEFAULT_SUBSCRIPTION_STATUS,
  ON_PAYMENT_FAILURE_OPTIONS,
  SUBSCRIPTION_APPLY_TO,
  SUBSCRIPTION_DEPENDENT_REQUIRED_FIELDS,
  SUBSCRIPTION_PERIODS,
} from './subscriptions';
import { hasImageExtension } from './uploads';

describe('roles', () => {
  it('has the three staff roles with their labels, plus CLIENT and BRANCH', () => {
    expect(STAFF_ROLES).toEqual(['ADMIN', 'AREA_MANAGER', 'BRANCH_MANAGER']);
    expect(Object.values(STAFF_ROLE_LABELS)).toEqual(['Admin', 'Area Manager', 'Branch Manager']);
    expect(ROLES).toEqual(['ADMIN', 'AREA_MANAGER', 'BRANCH_MANAGER', 'CLIENT', 'BRANCH']);
  });

  it('limits non-admin staff to their managed branches', () => {
    expect(BRANCH_SCOPED_ROLES).toEqual(['AREA_MANAGER', 'BRANCH_MANAGER']);
    expect(isBranchScopedRole('ADMIN')).toBe(false);
    expect(isBranchScopedRole('BRANCH_MANAGER')).toBe(true);
  });
});

describe('statuses', () => {
  it('lists staff, customer, order and parcel statuses of spec 1 §4', () => {
    expect(STAFF_FORM_STATUSES).toEqual(['ACTIVE', 'INACTIVE']);
    expect(EMPLOYEE_STATUSES).toEqual(['ACTIVE', 'BLOCKED', 'DORMANT']);
    // ERASED is Laurel's own (privacy, DESIGN §10): final once a member's personal data was erased.
    expect(CUSTOMER_STATUSES).toEqual(['AWAITING-SIGNUP', 'ACTIVE', 'SUSPENDED', 'ERASED']);
    expect(INITIAL_CUSTOMER_STATUS).toBe('AWAITING-SIGNUP');
    expect(ORDER_STATUSES).toHaveLength(7);
    expect(PARCEL_STATUSES).toHaveLength(8);
    expect(ORDER_REVERSAL_STATUSES).toEqual(['REFUNDED', 'CANCELLED']);
  });

  it('offers activate only to a suspended customer', () => {
    expect(customerBlockAction('SUSPENDED')).toBe('activate');
    expect(customerBlockAction('ACTIVE')).toBe('suspend');
    expect(customerBlockAction('AWAITING-SIGNUP')).toBe('suspend');
  });

  it('counts a client as subscribed only with a named ACTIVE plan', () => {
    expect(isClientSubscribed({ name: 'GROWTH', status: 'ACTIVE' })).toBe(true);
    expect(isClientSubscribed({ name: 'GROWTH', status: 'PAST_DUE' })).toBe(false);
    expect(isClientSubscribed({ name: '', status: 'ACTIVE' })).toBe(false);
    expect(isClientSubscribed(null)).toBe(false);
  });
});

describe('customer and commerce options', () => {
  it('matches spec 1 §9', () => {
    expect(COMMUNICATION_METHODS).toEqual(['SMS', 'EMAIL', 'WHATSAPP']);
    expect(GENDERS).toEqual(['MALE', 'FEMALE', 'OTHER', 'N/A']);
    expect(DEFAULT_GENDER).toBe('N/A');
    expect(PAYMENT_LOCATIONS).toEqual(['in_store', 'online']);
    expect(PAYMENT_TYPES).toEqual(['CARD', 'WALLET', 'VOUCHER']);
    expect(BASKET_DEFAULTS).toEqual({ type: 'BOTH', status: 'ALL' });
    expect(SCHEMA_FIELD_DATA_TYPES).toEqual([
      'String',
      'Number',
      'Boolean',
      'Date',
      'Integer',
      'Array',
      'Object',
    ]);
    expect(EVENT_TOPICS).toContain('orders.status-change');
    expect(EVENT_TOPICS).toContain('loyaltyprograms.updated');
    expect(EVENT_TOPICS).toHaveLength(16);
  });
});

describe('days of week and branches', () => {
  it('numbers Sunday..Saturday 0..6 and Public Holidays 7', () => {
    expect(DAYS_OF_WEEK[0]).toEqual({ id: 0, name: 'Sunday' });
    expect(DAYS_OF_WEEK[6]).toEqual({ id: 6, name: 'Saturday' });
    expect(PUBLIC_HOLIDAYS_DAY_ID).toBe(7);
    expect(dayOfWeekName(7)).toBe('Public Holidays');
    expect(ZDayOfWeekId.safeParse(8).success).toBe(false);
  });

  it('has numeric store statuses Open 1, Closed 2, Open 24hrs 3', () => {
    expect(STORE_STATUS_LABELS).toEqual({ 1: 'Open', 2: 'Closed', 3: 'Open 24hrs' });
    expect(ZStoreStatus.safeParse(3).success).toBe(true);
    expect(ZStoreStatus.safeParse(4).success).toBe(false);
  });

  it('gives a new branch the spec defaults', () => {
    expect(BRANCH_DEFAULTS).toMatchObject({
      franchise: true,
      offline: true,
      vat_registered: true,
      country_code: '+27',
      country_code_extension: 'ZA',
      delivery_fee_type: 'FLAT-FEE',
    });
    const times = defaultTradingTimes();
    expect(times).toHaveLength(8);
    expect(times[1]).toEqual({ day: 1, from: '06:00', to: '06:00', closed: false, status: 1 });
    expect(DELIVERY_FEE_REQUIRED_FIELDS['BASE-RADIUS']).toEqual([
      'base_delivery_radius',
      'delivery_fee_per_km',
      'delivery_fee',
    ]);
  });
});

describe('subscriptions', () => {
  it('has the enums and conditional rules of spec 1 §4-5', () => {
    expect(SUBSCRIPTION_PERIODS).toEqual(['CUSTOM', 'WEEKLY', 'MONTHLY', 'ANNUALLY', 'ONCE_OFF']);
    expect(SUBSCRIPTION_APPLY_TO).toContain('COMPOUND');
    expect(ON_PAYMENT_FAILURE_OPTIONS).toEqual(['CANCEL', 'RETRY', 'PAUSE']);
    expect(DEFAULT_SUBSCRIPTION_STATUS).toBe('DRAFT');
    const retry = SUBSCRIPTION_DEPENDENT_REQUIRED_FIELDS.find((rule) => rule.equals === 'RETRY');
    expect(retry?.fields).toEqual(['retry_days', 'retry_count']);
  });
});

describe('paging, debounce and limits', () => {
  it('uses the spec defaults', () => {
    expect(FIRST_PAGE).toBe(1);
    expect(PAGE_SIZES.default).toBe(15);
    expect(PAGE_SIZES.reports).toBe(10);
    expect(PAGE_SIZES.picker).toBe(5);
    expect(PAGE_SIZES.filterOptions).toBe(100);
    expect(DEFAULT_SORT).toEqual({ key: '', direction: 'desc' });
    expect(DEBOUNCE_MS).toMatchObject({
      default: 750,
      loyaltyBranchSearch: 900,
      usersSearch: 1000,
      dashboard: 1100,
    });
    expect(LIMITS).toMatchObject({
      cellNumberLength: 10,
      loyaltyCardNumberLength: 15,
      titleMaxLength: 120,
      maxCurrencies: 10,
      milestones: { min: 1, max: 5 },
      iconPageSize: 120,
    });
  });

  it('loads another page while the total exceeds page × size', () => {
    expect(hasMorePages(31, 2, 15)).toBe(true);
    expect(hasMorePages(30, 2, 15)).toBe(false);
  });

  it('caps big counts as 10,000+', () => {
    expect(formatCount(9_999)).toBe('9,999');
    expect(formatCount(10_000)).toBe('10,000');
    expect(formatCount(10_001)).toBe('10,000+');
  });
});

describe('ids, dates, money and uploads', () => {
  it('accepts 24 hexadecimal characters only', () => {
    expect(isId('65a1f0c2b3d4e5f60718293a')).toBe(true);
    expect(isId('65A1F0C2B3D4E5F60718293A')).toBe(true);
    expect(isId('65a1f0c2b3d4e5f60718293')).toBe(false);
    expect(isId('65a1f0c2b3d4e5f60718293g')).toBe(false);
    expect(isId(42)).toBe(false);
    expect(ZId.safeParse('x').success).toBe(false);
  });

  it('checks YYYY-MM-DD dates and HH:mm times', () => {
    expect(ZIsoDate.safeParse('2025-02-28').success).toBe(true);
    expect(ZIsoDate.safeParse('2025-13-01').success).toBe(false);
    expect(ZIsoDate.safeParse('02-28-2025').success).toBe(false);
    expect(ZTimeOfDay.safeParse('06:00').success).toBe(true);
    expect(ZTimeOfDay.safeParse('24:00').success).toBe(false);
    expect(toIsoDate(new Date('2025-03-01T10:00:00Z'))).toBe('2025-03-01');
  });

  it('works out the VAT inside a VAT-inclusive price', () => {
    expect(VAT_RATE).toBe(0.15);
    expect(vatContainedMinor(11_500)).toBe(1_500);
    expect(toMinorUnits(19.99)).toBe(1_999);
  });

  it('formats money with the client symbol, a missing amount as 0.00', () => {
    expect(formatMoney(undefined, 'R')).toBe('R 0.00');
    expect(formatMoney(1234.5, '$')).toBe('$ 1,234.50');
  });

  it('recognises image file names', () => {
    expect(hasImageExtension('logo.PNG')).toBe(true);
    expect(hasImageExtension('icon.svg')).toBe(true);
    expect(hasImageExtension('doc.pdf')).toBe(false);
  });
});
