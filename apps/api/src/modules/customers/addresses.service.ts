import type { TAddress, ZAddAddressRequest } from '@laurel/contract';
import { and, asc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../app-context';
import { newId } from '../../db/ids';
import { customerAddresses } from '../../db/schema';
import type { Principal } from '../../http/auth/principal';
import { notFound } from '../../http/errors';
import { type Actor, recordAudit } from '../audit/audit';
import type { CustomersService } from './customers.service';

type AddInput = z.output<typeof ZAddAddressRequest>;
type AddressRow = typeof customerAddresses.$inferSelect;

const toAddress = (row: AddressRow): TAddress => ({
  _id: row.id,
  label: row.label,
  full_address: row.fullAddress,
  latitude: row.latitude,
  longitude: row.longitude,
  default: row.isDefault,
});

export const createAddressesService = (ctx: AppContext, customersService: CustomersService) => {
  const { db } = ctx.database;
  const scope = (clientId: string, customerId: string) =>
    and(eq(customerAddresses.clientId, clientId), eq(customerAddresses.customerId, customerId));

  const list = async (principal: Principal, customerId: string) => {
    await customersService.load(principal, customerId);
    const rows = await db
      .select()
      .from(customerAddresses)
      .where(scope(principal.clientId, customerId))
      .orderBy(asc(customerAddresses.createdAt));
    return { addresses: rows.map(toAddress) };
  };

  /** A new default address takes the default from the others; a customer's first address is the default. */
  const add = async (principal: Principal, actor: Actor, input: AddInput) => {
    const { customer } = await customersService.loadForChange(principal, input.user_id);
    return db.transaction(async (tx) => {
      const existing = await tx
        .select({ id: customerAddresses.id })
        .from(customerAddresses)
        .where(scope(principal.clientId, customer.id));
      const isDefault = input.address.default || existing.length === 0;
      if (isDefault) {
        await tx
          .update(customerAddresses)
          .set({ isDefault: false })
          .where(scope(principal.clientId, customer.id));
      }
      const [row] = await tx
        .insert(customerAddresses)
        .values({
          id: newId(),
          clientId: principal.clientId,
          customerId: customer.id,
          label: input.address.label,
          fullAddress: input.address.full_address,
          latitude: input.address.latitude,
          longitude: input.address.longitude,
          isDefault,
        })
        .returning();
      if (!row) throw new Error('insert returned nothing');
      await recordAudit(tx, actor, {
        action: 'customer.address_added',
        entity: 'customer',
        entityId: customer.id,
        summary: `Added address '${row.label}' for ${customer.name} ${customer.surname}`,
      });
      return toAddress(row);
    });
  };

  const remove = async (principal: Principal, actor: Actor, customerId: string, addressId: string) => {
    const { customer } = await customersService.loadForChange(principal, customerId);
    return db.transaction(async (tx) => {
      const [row] = await tx
        .delete(customerAddresses)
        .where(and(scope(principal.clientId, customer.id), eq(customerAddresses.id, addressId)))
        .returning();
      if (!row) throw notFound('The address could not be found.');
      await recordAudit(tx, actor, {
        action: 'customer.address_deleted',
        entity: 'customer',
        entityId: customer.id,
        summary: `Deleted address '${row.label}' of ${customer.name} ${customer.surname}`,
      });
      return { _id: row.id };
    });
  };

  return { list, add, remove };
};
