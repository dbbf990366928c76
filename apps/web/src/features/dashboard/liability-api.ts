import { COMMON_MESSAGES, getPointsLiability } from '@laurel/contract';
import { queryOptions } from '@tanstack/react-query';
import { http } from '@/api/http';
import { unwrap } from '@/api/http-client';
import { dashboardKeys } from './api';

/**
 * `GET /api/economy/liability?branch_id`: what the programme still owes in each live currency (its wallets summed),
 * for the dashboard's branch (null: every branch). Apart from api.ts: only the lazily loaded card reads it, and the
 * rewards endpoints it comes with stay out of the page.
 */
export const pointsLiabilityQuery = (branchId: string | null) =>
  queryOptions({
    queryKey: [...dashboardKeys.all, 'liability', branchId] as const,
    queryFn: async ({ signal }) =>
      unwrap(await http.call(getPointsLiability, { query: { branch_id: branchId ?? undefined }, signal }))
        .content,
    meta: { errorTitle: COMMON_MESSAGES.somethingWentWrong },
  });
