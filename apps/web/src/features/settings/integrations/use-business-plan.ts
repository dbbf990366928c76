import { isClientSubscribed, planIncludes } from '@laurel/contract';
import { useClientRecord } from '@/app/console/client-record';

/**
 * Whether the client's plan opens the Business-plan integrations (the event log, webhooks; DESIGN §9-10): true,
 * false, or undefined while the client record loads. Without the record the API decides: a 402 then locks too.
 */
export const useBusinessPlanIntegrations = () => {
  const client = useClientRecord();
  const plan = client.data?.clientSubscription;
  if (!client.data) return client.isError ? true : undefined;
  return isClientSubscribed(plan) && plan?.name != null && planIncludes(plan.name, 'INTEGRATIONS');
};
