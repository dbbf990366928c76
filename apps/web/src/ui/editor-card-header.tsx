import { Group, Stack, Text, Title } from '@mantine/core';
import { SaveControls } from '@/ui/save-controls';

type TEditorCardHeaderProps = {
  headingId: string;
  title: string;
  hint: string;
  readOnly: boolean;
  edited: boolean;
  submitting: boolean;
};

/** The top of an editor's card: its title and hint, and Save beside them (the badge and reward editors). */
export const EditorCardHeader = ({
  headingId,
  title,
  hint,
  readOnly,
  edited,
  submitting,
}: TEditorCardHeaderProps) => (
  <Group
    justify="space-between"
    align="center"
    gap="sm"
    px={{ base: 'md', sm: 'lg' }}
    py="md"
    style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
  >
    <Stack gap={2}>
      <Title id={headingId} order={2} fz="h4">
        {title}
      </Title>
      <Text size="sm" c="dimmed">
        {hint}
      </Text>
    </Stack>
    {!readOnly && <SaveControls edited={edited} submitting={submitting} gap="sm" />}
  </Group>
);
