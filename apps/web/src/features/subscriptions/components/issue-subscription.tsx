import { BUTTON_LABELS, COMMON_MESSAGES, SUBSCRIPTION_MESSAGES } from '@laurel/contract';
import { Button, Group, Modal, Stack } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useSession } from '@/api/use-session';
import {
  fetchSubscriptionOptions,
  subscriptionKeys,
  useIssueSubscription,
} from '@/features/subscriptions/api';
import { mayCreateSubscriptions } from '@/features/subscriptions/subscription-rules';
import { openMessageModal } from '@/ui/message-modal';
import { RemotePicker, type TPickerOption } from '@/ui/remote-picker';

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

type TIssueDialogProps = { customerId: string; opened: boolean; onClose: () => void };

/**
 * The Issue Subscription dialog (spec 1 §2.14): an autocomplete 'Select a subscription...', Cancel and Issue. On
 * success it closes and the customer's subscriptions reload (spec 1 §4); a failure keeps it open under the spec's
 * title with the server's message.
 */
export const IssueSubscriptionDialog = ({ customerId, opened, onClose }: TIssueDialogProps) => {
  const issue = useIssueSubscription();
  const [plan, setPlan] = useState<TPickerOption | null>(null);
  const close = () => {
    setPlan(null);
    onClose();
  };
  return (
    <Modal opened={opened} onClose={close} title={SUBSCRIPTION_MESSAGES.issueSubscription} size="md">
      <Stack gap="lg">
        <RemotePicker
          label="Subscription"
          placeholder={SUBSCRIPTION_MESSAGES.selectPlaceholder}
          queryKey={subscriptionKeys.options}
          fetchPage={fetchSubscriptionOptions}
          nothingFound="No active subscriptions found"
          value={plan}
          onChange={setPlan}
          required
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={close} disabled={issue.isPending}>
            {BUTTON_LABELS.cancel}
          </Button>
          <Button
            disabled={!plan}
            loading={issue.isPending}
            onClick={() => {
              if (!plan) return;
              issue.mutate(
                { user_id: customerId, subscription_id: plan.value },
                {
                  onSuccess: (result) => {
                    close();
                    openMessageModal({ title: COMMON_MESSAGES.successEllipsis, message: result.message });
                  },
                },
              );
            }}
          >
            {SUBSCRIPTION_MESSAGES.issue}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
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
      <IssueSubscriptionDialog customerId={customerId} opened={dialog.opened} onClose={dialog.close} />
    </>
  );
};
