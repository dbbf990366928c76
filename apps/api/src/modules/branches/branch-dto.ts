import type { TBranch, TBranchRequest, TDeliveryFeeType, ZBranchRequest } from '@laurel/contract';
import type { z } from 'zod';
import type { branches } from '../../db/schema';

export type BranchRow = typeof branches.$inferSelect;
type BranchInput = z.output<typeof ZBranchRequest>;

export type { TBranchRequest };

const toMinor = (value: number | null | undefined) =>
  value === null || value === undefined ? null : Math.round(value * 100);
const fromMinor = (value: number | null) => (value === null ? null : value / 100);
const toNumber = (value: string | null) => (value === null ? null : Number(value));
const toNumeric = (value: number | null | undefined) =>
  value === null || value === undefined ? null : value.toFixed(2);

/** The columns of a branch from a validated request. */
export const branchColumns = (input: BranchInput) => ({
  displayName: input.display_name,
  branchNumber: input.branch_number || null,
  email: input.email || null,
  imageUrl: input.image_url || null,
  registeredName: input.registered_name || null,
  registrationNumber: input.registration_number || null,
  vatNumber: input.vat_number || null,
  vatRegistered: input.vat_registered,
  franchise: input.franchise,
  offline: input.offline,
  countryCode: input.country_code,
  countryCodeExtension: input.country_code_extension,
  contactNumber: input.contact_number || null,
  fullAddress: input.address?.full_address || null,
  latitude: input.address?.coordinates?.lat ?? null,
  longitude: input.address?.coordinates?.lng ?? null,
  bankingDetails: input.banking_details ?? null,
  replaceByDefault: input.stock_replacement.replace_by_default,
  delivery: input.delivery_settings.delivery,
  deliveryFeeType: input.delivery_settings.delivery_fee_type,
  maxDeliveryRadius: toNumeric(input.delivery_settings.max_delivery_radius),
  baseDeliveryRadius: toNumeric(input.delivery_settings.base_delivery_radius),
  deliveryFeePerKmMinor: toMinor(input.delivery_settings.delivery_fee_per_km),
  deliveryFeeMinor: toMinor(input.delivery_settings.delivery_fee),
  deliveryRadii:
    input.delivery_settings.delivery_radii?.map((radius) => ({
      radius: radius.radius.toFixed(2),
      fee_minor: Math.round(radius.fee * 100),
    })) ?? null,
  tradingTimes: input.trading_times,
});

export const toBranch = (row: BranchRow): TBranch => ({
  _id: row.id,
  client_id: row.clientId,
  display_name: row.displayName,
  branch_number: row.branchNumber,
  email: row.email,
  image_url: row.imageUrl,
  registered_name: row.registeredName,
  registration_number: row.registrationNumber,
  vat_number: row.vatNumber,
  vat_registered: row.vatRegistered,
  franchise: row.franchise,
  offline: row.offline,
  country_code: row.countryCode,
  country_code_extension: row.countryCodeExtension,
  contact_number: row.contactNumber,
  address:
    row.fullAddress === null
      ? null
      : {
          full_address: row.fullAddress,
          coordinates:
            row.latitude !== null && row.longitude !== null
              ? { lat: row.latitude, lng: row.longitude }
              : null,
        },
  banking_details: row.bankingDetails as TBranch['banking_details'],
  stock_replacement: { replace_by_default: row.replaceByDefault },
  delivery_settings: {
    delivery: row.delivery,
    delivery_fee_type: row.deliveryFeeType as TDeliveryFeeType,
    max_delivery_radius: toNumber(row.maxDeliveryRadius),
    base_delivery_radius: toNumber(row.baseDeliveryRadius),
    delivery_fee_per_km: fromMinor(row.deliveryFeePerKmMinor),
    delivery_fee: fromMinor(row.deliveryFeeMinor),
    delivery_radii:
      row.deliveryRadii?.map((r) => ({ radius: Number(r.radius), fee: r.fee_minor / 100 })) ?? null,
  },
  trading_times: row.tradingTimes,
  created_at: row.createdAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
});
