import { Badge, Box, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconCalendar, IconInfinity, IconPackage } from '@tabler/icons-react';
import { useId } from 'react';
import type { TBadgeFormValues } from '@/features/badges/badge-form-values';
import { BADGE_TEXTS, displayDay } from '@/features/badges/badge-format';
import { BadgeIcon } from '@/features/badges/components/badge-icon';

type TBadgePreviewProps = {
  values: TBadgeFormValues;
  /** The chosen file, not yet uploaded, as an object URL. */
  fileUrl: string | null;
};

const availability = (values: TBadgeFormValues) => {
  if (!values.dates_enabled) return BADGE_TEXTS.alwaysAvailable;
  return `${displayDay(values.start_date)} – ${displayDay(values.end_date)}`;
};

/** The badge as players will see it, redrawn on every change (spec 2 §2). */
export const BadgePreview = ({ values, fileUrl }: TBadgePreviewProps) => {
  const headingId = useId();
  const wordsId = useId();
  const { theme } = values;
  const name = values.name.trim();
  const subCopy = values.sub_copy.trim();
  const description = values.description.trim();
  return (
    <Paper component="section" aria-labelledby={headingId} withBorder radius="md" p="md">
      <Stack gap="sm">
        <Title id={headingId} order={2} fz="sm" tt="uppercase" c="dimmed" lts={0.5}>
          {BADGE_TEXTS.preview}
        </Title>
        <Box
          data-testid="badge-preview-card"
          role="group"
          // A fixed name: the card's words (which echo the Name, Sub Copy and Description fields) would make those
          // fields' labels ambiguous; they are read out as the card's description instead.
          aria-label={BADGE_TEXTS.previewCard}
          aria-describedby={wordsId}
          style={{
            background: theme.background,
            borderRadius: 'var(--mantine-radius-lg)',
            border: `3px solid ${theme.primary}`,
            padding: 'var(--mantine-spacing-xl) var(--mantine-spacing-md)',
          }}
        >
          <Stack align="center" gap={8}>
            <BadgeIcon icon={values.icon} fileUrl={fileUrl} theme={theme} size={112} />
            {/*
              The words as players will see them, in the client's own colours (the spec's default, gold on white,
              reads 2.4:1): part of the picture of the badge (WCAG 1.4.3's exception), so inert, and read out by
              the card's description instead. The Theme tab says when the colours are hard to read.
            */}
            <Stack id={wordsId} inert align="center" gap={8}>
              <Text
                fw={700}
                fz="xl"
                ta="center"
                lh={1.25}
                mt={6}
                style={{ color: theme.name, opacity: name ? 1 : 0.45, wordBreak: 'break-word' }}
              >
                {name || BADGE_TEXTS.previewName}
              </Text>
              <Text
                fz="sm"
                fw={600}
                ta="center"
                style={{ color: theme.sub_copy, opacity: subCopy ? 1 : 0.45, wordBreak: 'break-word' }}
              >
                {subCopy || BADGE_TEXTS.previewSubCopy}
              </Text>
              {description && (
                <Text
                  fz="xs"
                  ta="center"
                  style={{
                    color: theme.sub_copy,
                    opacity: 0.8,
                    whiteSpace: 'pre-line',
                    wordBreak: 'break-word',
                  }}
                >
                  {description}
                </Text>
              )}
            </Stack>
          </Stack>
        </Box>
        <Group gap={6} justify="center">
          <Badge variant="light" color="gray" radius="sm">
            {values.category}
          </Badge>
          <Badge variant="light" color="gray" radius="sm">
            Level {values.level === '' ? '—' : values.level}
          </Badge>
          <Badge
            variant="light"
            color="gray"
            radius="sm"
            leftSection={
              values.quantity_limited ? (
                <IconPackage size={12} aria-hidden />
              ) : (
                <IconInfinity size={12} aria-hidden />
              )
            }
          >
            {values.quantity_limited
              ? `Limited · ${values.quantity === '' ? '—' : values.quantity.toLocaleString('en-US')}`
              : 'Unlimited'}
          </Badge>
        </Group>
        <Group gap={6} justify="center">
          <IconCalendar size={14} aria-hidden color="var(--mantine-color-dimmed)" />
          <Text size="xs" c="dimmed">
            {availability(values)}
          </Text>
        </Group>
      </Stack>
    </Paper>
  );
};
