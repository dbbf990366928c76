import { z } from 'zod';

/** `statistic.update`: the integrator's own statistic, aggregated by that statistic's method (DESIGN §5). */
export const ZStatisticUpdateData = z.object({
  name: z
    .string({ error: 'is required' })
    .trim()
    .min(1, 'is required')
    .max(64, 'must not be more than 64 characters'),
  value: z
    .number({ error: 'must be a number' })
    .finite('must be a number')
    .min(-1e12, 'must not be less than -1000000000000')
    .max(1e12, 'must not be more than 1000000000000'),
});
export type TStatisticUpdateData = z.infer<typeof ZStatisticUpdateData>;
