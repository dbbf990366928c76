import { BADGE_DEFAULT_THEME, BADGE_GOLD, BADGE_THEME_KEYS } from '@laurel/contract';
import { Alert, Button, Group, List, SimpleGrid, Stack } from '@mantine/core';
import { IconEye, IconRestore } from '@tabler/icons-react';
import { hardToRead } from '@/features/badges/badge-contrast';
import { BADGE_TEXTS, THEME_FIELDS } from '@/features/badges/badge-format';
import type { TBadgeTabProps } from '@/features/badges/components/tab-props';
import { LazyColorInput } from '@/ui/lazy-field/lazy-color-input';

const SWATCHES = [
  BADGE_GOLD,
  '#1b1710',
  '#000000',
  '#FFFFFF',
  '#2f9e44',
  '#1971c2',
  '#c2255c',
  '#e8590c',
  '#7048e8',
];

/** The five colours of spec 2 §2, starting from the spec's gold theme. */
export const ThemeTab = ({ values, set, errors, readOnly }: TBadgeTabProps) => {
  const isDefault = BADGE_THEME_KEYS.every(
    (key) => values.theme[key].toLowerCase() === BADGE_DEFAULT_THEME[key].toLowerCase(),
  );
  const unreadable = hardToRead(values.theme);
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        {BADGE_THEME_KEYS.map((key) => (
          <LazyColorInput
            key={key}
            label={THEME_FIELDS[key].label}
            description={THEME_FIELDS[key].hint}
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            required
            format="hex"
            swatches={SWATCHES}
            swatchesPerRow={9}
            withEyeDropper={false}
            value={values.theme[key]}
            onChange={(value) => set('theme', { ...values.theme, [key]: value })}
            error={errors[`theme.${key}`]}
            readOnly={readOnly}
          />
        ))}
      </SimpleGrid>
      {unreadable.length > 0 && (
        <Alert
          variant="light"
          color="orange"
          role="status"
          title={BADGE_TEXTS.hardToReadTitle}
          icon={<IconEye size={18} aria-hidden />}
        >
          <List size="sm" spacing={2}>
            {unreadable.map(({ key, ratio, wanted }) => (
              <List.Item key={key}>
                {BADGE_TEXTS.hardToRead(THEME_FIELDS[key].label, ratio, wanted)}
              </List.Item>
            ))}
          </List>
        </Alert>
      )}
      {!readOnly && (
        <Group>
          <Button
            variant="default"
            size="xs"
            leftSection={<IconRestore size={14} aria-hidden />}
            disabled={isDefault}
            onClick={() => set('theme', { ...BADGE_DEFAULT_THEME })}
          >
            {BADGE_TEXTS.resetTheme}
          </Button>
        </Group>
      )}
    </Stack>
  );
};
