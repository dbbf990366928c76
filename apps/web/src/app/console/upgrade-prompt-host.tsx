import { isClientSubscribed, ROUTE_PATTERNS, type TClientPlan } from '@laurel/contract';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { useBillingPortal } from '@/app/console/billing';
import { billingQuery } from '@/features/welcome';
import { lazyComponent, MountWhen } from '@/ui/lazy-component';
import { registerUpgradePromptHost } from '@/ui/upgrade-prompt';

const UpgradeModal = lazyComponent(() => import('@/ui/upgrade-modal'), 'UpgradeModal');

type TUpgradePromptHostProps = { clientId: string; plan: TClientPlan | undefined };

/**
 * The console's one upgrade prompt. 'Yes, Continue' leads to the plan page, except for a client already paying
 * through Stripe, who changes plan in Stripe's billing portal (spec 1 §2.3).
 */
export const UpgradePromptHost = ({ clientId, plan }: TUpgradePromptHostProps) => {
  const [opened, setOpened] = useState(false);
  const navigate = useNavigate();
  const portal = useBillingPortal();
  const subscribed = isClientSubscribed(plan);
  // Only a paying client can go to the portal, so only then does the provider matter.
  const billing = useQuery({ ...billingQuery(clientId), enabled: opened && subscribed });

  useEffect(() => registerUpgradePromptHost(() => setOpened(true)), []);

  const proceed = () => {
    setOpened(false);
    if (subscribed && billing.data?.provider === 'stripe') portal.open();
    else void navigate(ROUTE_PATTERNS.selectSubscription);
  };

  return (
    <MountWhen when={opened}>
      <UpgradeModal
        opened={opened}
        onCancel={() => setOpened(false)}
        onContinue={proceed}
        continuing={subscribed && billing.isFetching}
      />
    </MountWhen>
  );
};
