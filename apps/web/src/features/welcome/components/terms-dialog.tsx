import { Button, Group, Loader, Modal, ScrollArea, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { termsAndConditionsQuery } from '@/features/legal';

type TTermsDialogProps = {
  opened: boolean;
  /** The visitor agrees: the box stays ticked. */
  onAgree: () => void;
  /** The visitor declines: the box is unticked. */
  onDecline: () => void;
};

/** Opened by ticking the terms box (spec 1 §2.8): the terms text from the server, then agree or decline. */
export const TermsDialog = ({ opened, onAgree, onDecline }: TTermsDialogProps) => {
  const terms = useQuery({ ...termsAndConditionsQuery, enabled: opened });
  return (
    <Modal opened={opened} onClose={onDecline} title="Terms and Conditions" size="lg">
      <Stack gap="lg">
        {terms.isPending && (
          <Group justify="center" py="xl" role="status">
            <Loader aria-hidden />
            <Text size="sm" c="dimmed">
              Loading the terms and conditions
            </Text>
          </Group>
        )}
        {terms.isError && (
          <Text c="dimmed" py="md">
            The terms and conditions could not be loaded.
          </Text>
        )}
        {terms.isSuccess && (
          <ScrollArea.Autosize mah="55dvh" type="auto" offsetScrollbars>
            <Text
              size="sm"
              style={{ whiteSpace: 'pre-wrap' }}
              tabIndex={0}
              aria-label="Terms and conditions text"
            >
              {terms.data}
            </Text>
          </ScrollArea.Autosize>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onDecline}>
            Decline
          </Button>
          <Button onClick={onAgree} disabled={!terms.isSuccess} data-autofocus>
            I agree
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
};
