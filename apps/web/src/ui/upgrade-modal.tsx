import { UPGRADE_MESSAGES } from '@laurel/contract';
import { Button, Group, Modal, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconSparkles } from '@tabler/icons-react';

type TUpgradeModalProps = {
  opened: boolean;
  onCancel: () => void;
  onContinue: () => void;
  /** 'Yes, Continue' waits (spinner) while the billing details load. */
  continuing?: boolean;
};

/** The upgrade prompt (spec 1 §2.3): a feature outside the client's plan, or a client without an active plan. */
export const UpgradeModal = ({ opened, onCancel, onContinue, continuing = false }: TUpgradeModalProps) => (
  <Modal opened={opened} onClose={onCancel} title="Upgrade your plan" size="md">
    <Stack gap="lg">
      <Group gap="md" wrap="nowrap" align="flex-start">
        <ThemeIcon size={40} radius="xl" variant="light" aria-hidden>
          <IconSparkles size={22} stroke={1.7} />
        </ThemeIcon>
        <Text pt={8}>{UPGRADE_MESSAGES.prompt}</Text>
      </Group>
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onCancel}>
          {UPGRADE_MESSAGES.cancel}
        </Button>
        <Button onClick={onContinue} loading={continuing} data-autofocus>
          {UPGRADE_MESSAGES.confirm}
        </Button>
      </Group>
    </Stack>
  </Modal>
);
