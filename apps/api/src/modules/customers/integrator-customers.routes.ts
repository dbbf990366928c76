import {
  CUSTOMER_API_MESSAGES,
  enrolCustomer,
  findIntegratorCustomer,
  getIntegratorCustomer,
  patchIntegratorCustomer,
} from '@laurel/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context';
import { principalOf } from '../../http/auth/guard';
import { ok } from '../../http/envelope';
import { route } from '../../http/route';
import { auditedActor } from '../audit/audit';
import type { CustomersService } from './customers.service';
import { createIntegratorCustomersService } from './integrator-customers.service';

/** Customers over the integrator API (DESIGN §10): an API key or a console token with CUSTOMERS. */
export const integratorCustomerRoutes = (
  app: FastifyInstance,
  ctx: AppContext,
  customers: CustomersService,
) => {
  const service = createIntegratorCustomersService(ctx, customers);

  route(
    app,
    enrolCustomer,
    async ({ body, request, reply }) => {
      const outcome = await service.enrol(principalOf(request), auditedActor(request), body);
      reply.status(outcome.created ? 201 : 200);
      return ok(
        outcome.customer,
        outcome.created ? CUSTOMER_API_MESSAGES.enrolled : CUSTOMER_API_MESSAGES.updated,
      );
    },
    { statuses: [200, 201] },
  );
  route(app, getIntegratorCustomer, async ({ params, request }) =>
    ok(await service.read(principalOf(request), params.id), CUSTOMER_API_MESSAGES.retrieved),
  );
  route(app, findIntegratorCustomer, async ({ query, request }) =>
    ok(await service.find(principalOf(request), query), CUSTOMER_API_MESSAGES.retrieved),
  );
  route(app, patchIntegratorCustomer, async ({ params, body, request }) =>
    ok(
      await service.patch(principalOf(request), auditedActor(request), params.id, body),
      CUSTOMER_API_MESSAGES.updated,
    ),
  );
};
