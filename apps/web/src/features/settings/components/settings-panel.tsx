import { Card, Group, Stack } from '@mantine/core';
import { type FormEvent, type ReactNode, useId } from 'react';
import { SectionHeading } from './section-heading';

type TSettingsPanelProps = {
  title: string;
  description: ReactNode;
  /** The panel's buttons, at the heading's right. */
  actions: ReactNode;
  onSubmit: () => void;
  gap?: 'md' | 'lg';
  children: ReactNode;
};

/**
 * One Account Settings panel: a section and its form, both named by the heading, with its description and the
 * buttons beside it. The form submits on Enter and by its submit button; the panel decides whether to save.
 */
export const SettingsPanel = ({
  title,
  description,
  actions,
  onSubmit,
  gap = 'md',
  children,
}: TSettingsPanelProps) => {
  const headingId = useId();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby={headingId}>
      <form onSubmit={submit} noValidate aria-labelledby={headingId}>
        <Stack gap={gap}>
          <Group justify="space-between" align="flex-start" wrap="nowrap" gap="md">
            <SectionHeading id={headingId} title={title} description={description} gap={2} />
            {actions}
          </Group>
          {children}
        </Stack>
      </form>
    </Card>
  );
};
