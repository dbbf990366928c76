import { SUBSCRIPTION_MESSAGES } from '@laurel/contract';
import { Button } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useSession } from '@/api/use-session';
import { mayCreateSubscriptions } from '@/features/subscriptions/subscription-rules';
import { lazyComponent, MountWhen } from '@/ui/lazy-component';
import { useActionDialog } from '@/ui/use-action-dialog';

// Opened by its button: the Modal and the picker load then, not with the customer's profile.
const IssueSubscriptionDialog = lazyComponent(
  () => import('@/features/subscriptions/components/issue-subscription-dialog'),
  'IssueSubscriptionDialog',
);

const ACTION = 'issue-subscription';

/** The 'Issue Subscription' button of the customer's Subscriptions box, shown only with SUBSCRIPTIONS create. */
export const IssueSubscriptionAction = ({ customerId }: { customerId: string }) => {
  const user = useSession()?.user;
  const dialog = useActionDialog(ACTION);
  if (!mayCreateSubscriptions(user)) return null;
  return (
    <>
      <Button
        size="xs"
        variant="light"
        leftSection={<IconPlus size={14} aria-hidden />}
        onClick={dialog.open}
        // While its dialog is open the opener leaves the accessibility tree (a modal's background is inert), so
        // the dialog's 'Issue' is the only button whose name contains "Issue" (Playwright matches by substring).
        inert={dialog.opened}
        aria-hidden={dialog.opened || undefined}
      >
        {SUBSCRIPTION_MESSAGES.issueSubscription}
      </Button>
      <MountWhen when={dialog.opened}>
        <IssueSubscriptionDialog customerId={customerId} opened={dialog.opened} onClose={dialog.close} />
      </MountWhen>
    </>
  );
};
