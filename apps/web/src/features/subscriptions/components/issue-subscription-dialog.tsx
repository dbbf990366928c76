import { BUTTON_LABELS, COMMON_MESSAGES, SUBSCRIPTION_MESSAGES } from '@laurel/contract';
import { Button, Group, Modal, Stack } from '@mantine/core';
import { useState } from 'react';
import {
  fetchSubscriptionOptions,
  subscriptionKeys,
  useIssueSubscription,
} from '@/features/subscriptions/api';
import { openMessageModal } from '@/ui/message-modal';
import { RemotePicker, type TPickerOption } from '@/ui/remote-picker';

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
          // Spec 1 §2.14: 'an autocomplete 'Select a subscription...'': its label (and so its name) and placeholder.
          label={SUBSCRIPTION_MESSAGES.selectPlaceholder}
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
