import type { TWebhookDelivery } from '@laurel/contract';
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import { AttemptEntry } from '@/features/settings/webhooks/components/attempt-log';
import { WEBHOOK_TEXTS } from '@/features/settings/webhooks/webhook-texts';

type TTestResultModalProps = {
  /** The test delivery the server answered with, and the endpoint's URL; null when closed. */
  result: { url: string; delivery: TWebhookDelivery } | null;
  onClose: () => void;
};

/** What the endpoint answered to the test event: its status code and the start of its answer, or the error. */
export const TestResultModal = ({ result, onClose }: TTestResultModalProps) => {
  const attempt = result?.delivery.attempt_log[0];
  const delivered = result?.delivery.status === 'delivered';
  return (
    <Modal opened={result !== null} onClose={onClose} title={WEBHOOK_TEXTS.testResultTitle} size="lg">
      {result && (
        <Stack gap="md">
          <Alert
            color={delivered ? 'teal' : 'red'}
            variant="light"
            icon={
              delivered ? (
                <IconCircleCheck size={18} aria-hidden />
              ) : (
                <IconAlertCircle size={18} aria-hidden />
              )
            }
          >
            <Text size="sm" style={{ wordBreak: 'break-word' }}>
              {delivered
                ? `${result.url} answered with status ${attempt?.status_code ?? ''}.`
                : attempt?.status_code != null
                  ? `${result.url} answered with status ${attempt.status_code}; the test event will be retried like any other.`
                  : `${result.url} did not answer${attempt?.error ? `: ${attempt.error}` : '.'}`}
            </Text>
          </Alert>
          {attempt && <AttemptEntry attempt={attempt} />}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} data-autofocus>
              Close
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
};
