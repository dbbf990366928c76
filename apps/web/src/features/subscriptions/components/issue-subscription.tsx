import { SUBSCRIPTION_MESSAGES } from '@laurel/contract';
import { Button } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import { useSession } from '@/api/use-session';
import { mayCreateSubscriptions } from '@/features/subscriptions/subscription-rules';
import { lazyComponent, MountWhen } from '@/ui/lazy-component';

// Opened by its button: the Modal and the picker load then, not with the customer's profile.
const IssueSubscriptionDialog = lazyComponent(
  () => import('@/features/subscriptions/components/issue-subscription-dialog'),
  'IssueSubscriptionDialog',
);

const ACTION = 'issue-subscription';

/** `?action=issue-subscription` opens the dialog, so Back closes it and a link opens it. */
const useIssueDialog = () => {
  const [params, setParams] = useSearchParams();
  const set = (open: boolean) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (open) next.set('action', ACTION);
        else next.delete('action');
        return next;
      },
      { replace: !open },
    );
  return { opened: params.get('action') === ACTION, open: () => set(true), close: () => set(false) };
};

/** The 'Issue Subscription' button of the customer's Subscriptions box, shown only with SUBSCRIPTIONS create. */
export const IssueSubscriptionAction = ({ customerId }: { customerId: string }) => {
  const user = useSession()?.user;
  const dialog = useIssueDialog();
  if (!mayCreateSubscriptions(user)) return null;
  return (
    <>
      <Button
        size="xs"
        variant="light"
        leftSection={<IconPlus size={14} aria-hidden />}
        onClick={dialog.open}
      >
        {SUBSCRIPTION_MESSAGES.issueSubscription}
      </Button>
      <MountWhen when={dialog.opened}>
        <IssueSubscriptionDialog customerId={customerId} opened={dialog.opened} onClose={dialog.close} />
      </MountWhen>
    </>
  );
};
