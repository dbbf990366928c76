import { BYTE_LIMITS, hasImageExtension, IMAGE_EXTENSIONS, UPLOAD_MESSAGES } from '@laurel/contract';
import { Button, Divider, FileButton, Group, Paper, Stack, Text } from '@mantine/core';
import { IconReplace, IconTrash, IconUpload } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { EMPTY_ICON } from '@/features/badges/badge-form-values';
import { BADGE_TEXTS } from '@/features/badges/badge-format';
import { BadgeIcon } from '@/features/badges/components/badge-icon';
import type { TBadgeTabProps } from '@/features/badges/components/tab-props';
import { IconPicker } from '@/ui/icon-picker';

type TIconsTabProps = TBadgeTabProps & {
  file: File | null;
  fileUrl: string | null;
  onFileChange: (file: File | null) => void;
};

const ACCEPT = IMAGE_EXTENSIONS.join(',');

const fileProblem = (file: File) => {
  if (!hasImageExtension(file.name)) return UPLOAD_MESSAGES.notAnImage;
  if (file.size > BYTE_LIMITS.upload) return UPLOAD_MESSAGES.tooLarge;
  return null;
};

const sizeText = (bytes: number) =>
  bytes < 1024
    ? `${bytes} B`
    : bytes < 1024 * 1024
      ? `${Math.round(bytes / 1024)} kB`
      : `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/**
 * A library icon or an uploaded file (.png, .jpg, .jpeg, .svg). While a file is chosen (or the badge has a stored
 * image) the library is hidden (spec 2 §2); removing the file brings it back with the earlier choice.
 */
export const IconsTab = ({ values, set, errors, readOnly, file, fileUrl, onFileChange }: TIconsTabProps) => {
  const [problem, setProblem] = useState<string | null>(null);
  const resetRef = useRef<() => void>(null);
  const custom = file !== null || Boolean(values.icon.url);

  const choose = (chosen: File | null) => {
    // The same file may be chosen again after a removal.
    resetRef.current?.();
    if (!chosen) return;
    const why = fileProblem(chosen);
    setProblem(why);
    if (why) return;
    onFileChange(chosen);
    // The new file replaces a stored image; the library choice stays for when the file is removed.
    set('icon', { ...values.icon, url: null, etag: null, file_name: null });
  };

  const remove = () => {
    setProblem(null);
    onFileChange(null);
    set('icon', { ...EMPTY_ICON, name: values.icon.name, prefix: values.icon.prefix });
  };

  const upload = (label: string, icon: typeof IconUpload, variant: 'default' | 'light') => {
    const Icon = icon;
    return (
      <FileButton
        onChange={choose}
        accept={ACCEPT}
        resetRef={resetRef}
        disabled={readOnly}
        inputProps={{ 'aria-label': BADGE_TEXTS.customIcon }}
      >
        {(props) => (
          <Button {...props} variant={variant} leftSection={<Icon size={16} aria-hidden />}>
            {label}
          </Button>
        )}
      </FileButton>
    );
  };

  const fileName = file?.name ?? values.icon.file_name ?? 'Uploaded icon';

  return (
    <Stack gap="md">
      {custom ? (
        <Stack gap={6}>
          <Text size="sm" fw={500}>
            {BADGE_TEXTS.customIcon}
          </Text>
          <Paper withBorder radius="md" p="sm">
            <Group justify="space-between" wrap="wrap" gap="sm">
              <Group gap="sm" wrap="nowrap" miw={0}>
                <BadgeIcon
                  icon={{ ...values.icon, file_name: fileName }}
                  fileUrl={fileUrl}
                  theme={values.theme}
                  size={56}
                />
                <Stack gap={0} miw={0}>
                  <Text size="sm" fw={600} truncate="end">
                    {fileName}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {file ? `${sizeText(file.size)} · uploaded when you save` : 'Stored image'}
                  </Text>
                </Stack>
              </Group>
              {!readOnly && (
                <Group gap="xs">
                  {upload(BADGE_TEXTS.replaceIcon, IconReplace, 'default')}
                  <Button
                    variant="subtle"
                    color="red"
                    leftSection={<IconTrash size={16} aria-hidden />}
                    onClick={remove}
                  >
                    {BADGE_TEXTS.removeIcon}
                  </Button>
                </Group>
              )}
            </Group>
          </Paper>
        </Stack>
      ) : (
        <>
          <Text size="sm" c="dimmed">
            {BADGE_TEXTS.libraryHint}
          </Text>
          <IconPicker
            label="Icon library"
            value={values.icon}
            disabled={readOnly}
            onChange={(icon) => set('icon', { ...EMPTY_ICON, ...icon })}
          />
          <Divider label="or upload your own" labelPosition="center" />
          <Stack gap={6} align="flex-start">
            {upload(BADGE_TEXTS.uploadIcon, IconUpload, 'light')}
            <Text size="xs" c="dimmed">
              {BADGE_TEXTS.customIconHint}
            </Text>
          </Stack>
        </>
      )}
      {problem && (
        <Text size="sm" c="red" role="alert">
          {problem}
        </Text>
      )}
      {errors.icon && !custom && !values.icon.name && (
        <Text size="sm" c="red" role="alert">
          {errors.icon}
        </Text>
      )}
    </Stack>
  );
};
