import type {
  TClient,
  TClientPlan,
  TClientStatus,
  TCurrencySymbol,
  TPlan,
  TPlanSubscriptionStatus,
} from '@laurel/contract';
import type { ClientRow } from './clients.queries';

export const clientPlanOf = (row: ClientRow): TClientPlan => ({
  name: row.plan as TPlan | null,
  status: row.planStatus as TPlanSubscriptionStatus | null,
});

export const toClientDto = (row: ClientRow, users: { user_id: string; manager_of: string[] }[]): TClient => ({
  _id: row.id,
  alias: row.alias,
  name: row.name,
  id_number: row.idNumber,
  vat_number: row.vatNumber,
  type: row.type,
  domain: row.domain,
  status: row.status as TClientStatus,
  currency_symbol: row.currencySymbol as TCurrencySymbol,
  time_zone: row.timeZone,
  address: {
    full_address: row.fullAddress,
    coordinates:
      row.latitude !== null && row.longitude !== null ? { lat: row.latitude, lng: row.longitude } : null,
  },
  clientSubscription: clientPlanOf(row),
  integration_settings: { payment_engine_id: row.paymentEngineId, configurations: row.integrations },
  users,
  created_at: row.createdAt.toISOString(),
});
