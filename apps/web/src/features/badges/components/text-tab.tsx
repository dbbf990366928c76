import { Stack, Textarea, TextInput } from '@mantine/core';
import { BADGE_TEXTS } from '@/features/badges/badge-format';
import type { TBadgeTabProps } from '@/features/badges/components/tab-props';

const TEXT_MAX_LENGTH = 1000;

/** The badge's words: its name (set on Details), description and sub copy (spec 2 §2). */
export const TextTab = ({ values, set, errors, readOnly }: TBadgeTabProps) => (
  <Stack gap="md">
    <TextInput
      label="Name"
      description={BADGE_TEXTS.nameOnDetails}
      inputWrapperOrder={['label', 'input', 'description', 'error']}
      value={values.name}
      readOnly
      variant="filled"
    />
    <Textarea
      label="Description"
      required
      placeholder="What the badge stands for, e.g. Awarded to our most loyal coffee lovers."
      rows={4}
      resize="vertical"
      maxLength={TEXT_MAX_LENGTH}
      value={values.description}
      onChange={(event) => set('description', event.currentTarget.value)}
      error={errors.description}
      readOnly={readOnly}
    />
    <Textarea
      label="Sub Copy"
      required
      placeholder="A short line under the name, e.g. Earned with your 10th coffee"
      rows={2}
      resize="vertical"
      maxLength={TEXT_MAX_LENGTH}
      value={values.sub_copy}
      onChange={(event) => set('sub_copy', event.currentTarget.value)}
      error={errors.sub_copy}
      readOnly={readOnly}
    />
  </Stack>
);
