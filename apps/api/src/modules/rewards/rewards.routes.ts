import {
  cancelCustomerRedemption,
  cancelRedemption,
  createReward,
  getCoupon,
  getPointsLiability,
  getReward,
  IDEMPOTENT_REPLAYED_HEADER,
  IMPORT_MAX_BYTES,
  listCustomerRedemptions,
  listPlayerRewards,
  listRewards,
  REWARD_MESSAGES as M,
  redeemForCustomer,
  redeemReward,
  type TRewardRedemption,
  updateReward,
  uploadRewardCodes,
  useCoupon,
} from '@laurel/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../app-context';
import { branchScope } from '../../http/auth/branch-scope';
import { principalOf } from '../../http/auth/guard';
import { ok } from '../../http/envelope';
import { badRequest, HttpError } from '../../http/errors';
import { readMultipartForm } from '../../http/multipart-form';
import { route } from '../../http/route';
import { auditedActor } from '../audit/audit';
import { checkDashboardBranch } from '../dashboard/dashboard.service';
import { pointsLiability } from './liability.queries';
import { createRedemptionsService } from './redemptions.service';
import { createRewardsService } from './rewards.service';

const TEXT_TYPES = ['text/csv', 'text/plain', 'application/csv'];

/** A pool's codes: a multipart upload (field `file`) or the file as the body. */
const readCodesFile = async (request: FastifyRequest) => {
  if (request.isMultipart()) {
    const { file } = await readMultipartForm(request, {
      tooLarge: () => new HttpError(413, 'Code files may be at most 5 MB.'),
      oneFileOnly: () => badRequest([{ field: 'file', message: M.poolFileRequired }]),
    });
    if (!file) throw badRequest([{ field: 'file', message: M.poolFileRequired }]);
    return file.bytes.toString('utf8');
  }
  if (typeof request.body === 'string') return request.body;
  throw new HttpError(415, 'Send the codes as multipart/form-data (field "file") or as a text/csv body.');
};

/** Rewards (DESIGN §10): the catalogue, redemptions by the integrator and by staff, coupons, points liability. */
export const rewardRoutes = async (app: FastifyInstance, ctx: AppContext) => {
  const { db } = ctx.database;
  const rewards = createRewardsService(db);
  const redemptions = createRedemptionsService(db);

  route(app, listRewards, async ({ query, request }) => {
    const { items, count } = await rewards.list(principalOf(request).clientId, query);
    return ok(items, 'OK', { count, hasMore: count > query.page * query.size });
  });
  route(app, getReward, async ({ params, request }) =>
    ok(await rewards.get(principalOf(request).clientId, params.id), M.retrieved),
  );
  route(app, createReward, async ({ body, request }) =>
    ok(await rewards.create(auditedActor(request), body), M.created),
  );
  route(app, updateReward, async ({ params, body, request }) =>
    ok(await rewards.update(auditedActor(request), params.id, body), M.updated),
  );

  await app.register(async (scope) => {
    scope.addContentTypeParser(
      TEXT_TYPES,
      { parseAs: 'string', bodyLimit: IMPORT_MAX_BYTES },
      (_r, body, done) => done(null, body),
    );
    route(
      scope,
      uploadRewardCodes,
      async ({ params, request }) => {
        const result = await rewards.uploadCodes(
          auditedActor(request),
          params.id,
          await readCodesFile(request),
        );
        return ok(result, M.poolUploaded(result));
      },
      { bodyLimit: IMPORT_MAX_BYTES },
    );
  });

  route(app, listPlayerRewards, async ({ params, request }) =>
    ok(await redemptions.playerRewards(principalOf(request), params.customer_id)),
  );

  const redeemRoute = (endpoint: typeof redeemReward | typeof redeemForCustomer, staff: boolean) =>
    route(
      app,
      endpoint,
      async ({ params, body, request, reply }) => {
        const principal = principalOf(request);
        // A console user may call the integrator path too (it takes a client token): they are recorded as staff.
        const byStaff = staff || principal.sessionId !== undefined;
        // The redemption row is the record of an integrator's redemption (who, what, when): no second audit write.
        if (!byStaff) request.audited = true;
        const { redemption, repeat } = await redemptions.redeem(
          principal,
          params.customer_id,
          body,
          byStaff ? auditedActor(request) : null,
        );
        // A repeat answers the first answer, status included (DESIGN §10); the header tells a replay apart.
        if (repeat) reply.header(IDEMPOTENT_REPLAYED_HEADER, 'true');
        return ok(redemption, M.redeemed);
      },
      { successStatus: 201 },
    );
  redeemRoute(redeemReward, false);
  redeemRoute(redeemForCustomer, true);

  /** A cancel says whether it credited the cost back (not for an erased member, whose balances were forfeited). */
  const cancelAnswer = ({ redemption, credited }: { redemption: TRewardRedemption; credited: boolean }) =>
    ok(redemption, credited ? M.cancelled : M.cancelledWithoutCredit);

  /**
   * Who acts on a redemption over the integrator paths: a console user (a client token) is recorded as staff, in
   * an audit entry of their own; an integrator's call is recorded by the redemption row itself (its status and
   * time), as its redemptions are, so the generic entry (the endpoint's documentation as its summary) is not written.
   */
  const staffOn = (request: FastifyRequest) => {
    if (principalOf(request).sessionId !== undefined) return auditedActor(request);
    request.audited = true;
    return null;
  };
  route(app, getCoupon, async ({ params, request }) =>
    ok(await redemptions.lookupCoupon(principalOf(request), params.code)),
  );
  route(app, useCoupon, async ({ params, body, request }) =>
    ok(
      await redemptions.useCoupon(principalOf(request), params.code, body.order_id ?? null, staffOn(request)),
      M.couponAccepted,
    ),
  );
  route(app, cancelRedemption, async ({ params, request }) =>
    cancelAnswer(await redemptions.cancel(principalOf(request), params.id, staffOn(request))),
  );
  route(app, cancelCustomerRedemption, async ({ params, request }) =>
    cancelAnswer(await redemptions.cancel(principalOf(request), params.id, auditedActor(request))),
  );
  route(app, listCustomerRedemptions, async ({ params, query, request }) => {
    const { items, count } = await redemptions.listForCustomer(
      principalOf(request),
      params.customer_id,
      query.page,
      query.size,
    );
    return ok(items, 'OK', { count, hasMore: count > query.page * query.size });
  });

  route(app, getPointsLiability, async ({ query, request }) => {
    const principal = principalOf(request);
    // As the dashboard it sits on answers for that branch: not zeros for a branch unknown or not the user's.
    if (query.branch_id) await checkDashboardBranch(db, principal, query.branch_id);
    const branches = branchScope(principal, query.branch_id ? [query.branch_id] : null);
    return ok(await pointsLiability(db, principal.clientId, branches));
  });
};
