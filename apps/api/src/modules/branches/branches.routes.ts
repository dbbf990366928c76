import {
  clientBranches,
  createBranch,
  filteredBranchList,
  getBranch,
  getBranchesGet,
  getBranchesPost,
  listBranches,
  updateBranch,
} from '@laurel/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context';
import { principalOf } from '../../http/auth/guard';
import { ok } from '../../http/envelope';
import { route } from '../../http/route';
import { actorOf } from '../audit/audit';
import { createBranchesService } from './branches.service';

export const branchRoutes = (app: FastifyInstance, ctx: AppContext) => {
  const service = createBranchesService(ctx);

  for (const endpoint of [getBranchesGet, clientBranches, listBranches]) {
    route(app, endpoint, async ({ query, request }) => ok(await service.list(principalOf(request), query)));
  }
  for (const endpoint of [getBranchesPost, filteredBranchList]) {
    route(app, endpoint, async ({ body, request }) => ok(await service.list(principalOf(request), body)));
  }
  route(app, getBranch, async ({ params, request }) =>
    ok(await service.get(principalOf(request), params.id)),
  );
  route(app, createBranch, async ({ body, request }) => {
    request.audited = true;
    return ok(await service.create(actorOf(request), body), 'Branch added successfully.');
  });
  route(app, updateBranch, async ({ params, body, request }) => {
    request.audited = true;
    return ok(await service.update(actorOf(request), params.id, body), 'Branch updated successfully.');
  });
};
