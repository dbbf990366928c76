import { isClientSubscribed, ROUTE_PATTERNS, type TClientPlan } from '@laurel/contract';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useBillingPortal } from '@/app/console/billing';
import { billingQuery } from '@/features/welcome';
import { UpgradeModal } from '@/ui/upgrade-modal';

type TUpgradePromptProps = {
  clientId: string;
  plan: TClientPlan | undefined;
  opened: boolean;
  onClose: () => void;
};

/**
 * The upgrade prompt's dialog, loaded the first time it opens (upgrade-prompt-host.tsx). 'Yes, Continue' leads to
 * the plan page, except for a client already paying through Stripe, who changes plan in Stripe's billing portal.
 */
export const UpgradePrompt = ({ clientId, plan, opened, onClose }: TUpgradePromptProps) => {
  const navigate = useNavigate();
  const portal = useBillingPortal();
  const subscribed = isClientSubscribed(plan);
  // Only a paying client can go to the portal, so only then does the provider matter.
  const billing = useQuery({ ...billingQuery(clientId), enabled: opened && subscribed });

  const proceed = () => {
    onClose();
    if (subscribed && billing.data?.provider === 'stripe') portal.open();
    else void navigate(ROUTE_PATTERNS.selectSubscription);
  };

  return (
    <UpgradeModal
      opened={opened}
      onCancel={onClose}
      onContinue={proceed}
      continuing={subscribed && billing.isFetching}
    />
  );
};
