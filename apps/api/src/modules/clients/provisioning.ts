import { FEATURE_AREAS, type TUserPermissions } from '@laurel/contract';
import type { Tx } from '../../db/database';
import { newId } from '../../db/ids';
import { clients, clientUsers } from '../../db/schema';
import { ensureSystemSegments, ensureSystemStatistics } from '../../engine';

export type NewClient = {
  alias: string;
  name: string;
  idNumber: string;
  vatNumber: string | null;
  domain: string | null;
  fullAddress: string;
  coordinates: { lat: number; lng: number } | null;
  /** Where the business's days begin; null: UTC. */
  timeZone: string | null;
  offering: { experience: string; product_types: string[]; offering: string | null; industry: string };
  paymentEngineId: string;
  admin: {
    name: string;
    surname: string;
    email: string;
    passwordHash: string;
    cellCountryCode: string;
    cellNumber: string;
    birthday: string;
    getCommunication: boolean;
    agreesTermsAndConditions: boolean;
  };
};

/** What each area adds to a new client (the engine adds system segments and statistics). */
export type ProvisioningStep = (tx: Tx, ids: { clientId: string; adminId: string }) => Promise<void>;
const PROVISIONING_STEPS: ProvisioningStep[] = [
  (tx, { clientId }) => ensureSystemStatistics(tx, clientId),
  (tx, { clientId }) => ensureSystemSegments(tx, clientId),
];

export const allPermissions = (): TUserPermissions =>
  Object.fromEntries(
    FEATURE_AREAS.map((area) => [area, { read: true, create: true, update: true, delete: true }]),
  );

/**
 * The one function that creates a tenant: the client, its first ADMIN with every feature permission, and
 * every area's defaults. Runs inside the caller's transaction, so a failure leaves nothing behind.
 */
export const provisionClient = async (tx: Tx, input: NewClient) => {
  const clientId = newId();
  const adminId = newId();
  await tx.insert(clients).values({
    id: clientId,
    alias: input.alias,
    name: input.name,
    idNumber: input.idNumber,
    vatNumber: input.vatNumber,
    domain: input.domain,
    fullAddress: input.fullAddress,
    latitude: input.coordinates?.lat ?? null,
    longitude: input.coordinates?.lng ?? null,
    ...(input.timeZone ? { timeZone: input.timeZone } : {}),
    offering: input.offering,
    status: 'AWAITING_SUBSCRIPTION_PAYMENT',
    paymentEngineId: input.paymentEngineId,
  });
  await tx.insert(clientUsers).values({
    id: adminId,
    clientId,
    name: input.admin.name,
    surname: input.admin.surname,
    userName: input.admin.email,
    email: input.admin.email,
    cellCountryCode: input.admin.cellCountryCode,
    cellNumber: input.admin.cellNumber,
    birthday: input.admin.birthday,
    passwordHash: input.admin.passwordHash,
    role: 'ADMIN',
    status: 'ACTIVE',
    permissions: allPermissions(),
    getCommunication: input.admin.getCommunication,
    agreesTermsAndConditions: input.admin.agreesTermsAndConditions,
  });
  for (const step of PROVISIONING_STEPS) await step(tx, { clientId, adminId });
  return { clientId, adminId };
};
