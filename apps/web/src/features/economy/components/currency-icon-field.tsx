import { BYTE_LIMITS, hasImageExtension, IMAGE_EXTENSIONS, UPLOAD_MESSAGES } from '@laurel/contract';
import { Button, Divider, FileButton, Group, Input, Paper, Stack, Text } from '@mantine/core';
import { IconReplace, IconTrash, IconUpload } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { CurrencyIcon } from '@/features/economy/components/currency-icon';
import { EMPTY_CURRENCY_ICON, type TCurrencyIconValue } from '@/features/economy/currency-form-values';
import { ECONOMY_TEXTS } from '@/features/economy/economy-texts';
import { IconPicker } from '@/ui/icon-picker';

type TCurrencyIconFieldProps = {
  icon: TCurrencyIconValue;
  file: File | null;
  fileUrl: string | null;
  disabled: boolean;
  onIconChange: (icon: TCurrencyIconValue) => void;
  onFileChange: (file: File | null) => void;
};

const ACCEPT = IMAGE_EXTENSIONS.join(',');

const fileProblem = (file: File) => {
  if (!hasImageExtension(file.name)) return UPLOAD_MESSAGES.notAnImage;
  if (file.size > BYTE_LIMITS.upload) return UPLOAD_MESSAGES.tooLarge;
  return null;
};

/**
 * 'Icon' (marked required, spec 3 §5): a Font Awesome icon from the library (120 a page, more as it scrolls) or an
 * uploaded image, which is sent when the currency is saved. While an image is chosen the library is hidden.
 */
export const CurrencyIconField = ({
  icon,
  file,
  fileUrl,
  disabled,
  onIconChange,
  onFileChange,
}: TCurrencyIconFieldProps) => {
  const [problem, setProblem] = useState<string | null>(null);
  const resetRef = useRef<() => void>(null);
  const image = file !== null || Boolean(icon.url);

  const choose = (chosen: File | null) => {
    resetRef.current?.();
    if (!chosen) return;
    const why = fileProblem(chosen);
    setProblem(why);
    if (why) return;
    onFileChange(chosen);
    onIconChange({ ...icon, url: null, etag: null });
  };

  const remove = () => {
    setProblem(null);
    onFileChange(null);
    onIconChange({ ...EMPTY_CURRENCY_ICON, name: icon.name, prefix: icon.prefix });
  };

  const uploadButton = (label: string, variant: 'default' | 'light', Icon: typeof IconUpload) => (
    <FileButton
      onChange={choose}
      accept={ACCEPT}
      resetRef={resetRef}
      disabled={disabled}
      inputProps={{ 'aria-label': ECONOMY_TEXTS.uploadIcon }}
    >
      {(props) => (
        <Button {...props} variant={variant} size="xs" leftSection={<Icon size={16} aria-hidden />}>
          {label}
        </Button>
      )}
    </FileButton>
  );

  return (
    <Input.Wrapper label={ECONOMY_TEXTS.icon} required>
      <Stack gap="sm" mt={6}>
        {image ? (
          <Paper withBorder radius="md" p="sm">
            <Group justify="space-between" gap="sm">
              <Group gap="sm" wrap="nowrap" miw={0}>
                <CurrencyIcon icon={icon} fileUrl={fileUrl} size={44} />
                <Stack gap={0} miw={0}>
                  <Text size="sm" fw={600} truncate="end">
                    {file?.name ?? ECONOMY_TEXTS.uploadedIcon}
                  </Text>
                  {file && (
                    <Text size="xs" c="dimmed">
                      {ECONOMY_TEXTS.uploadedWhenSaved}
                    </Text>
                  )}
                </Stack>
              </Group>
              {!disabled && (
                <Group gap="xs">
                  {uploadButton(ECONOMY_TEXTS.replaceIcon, 'default', IconReplace)}
                  <Button
                    variant="subtle"
                    color="red"
                    size="xs"
                    leftSection={<IconTrash size={16} aria-hidden />}
                    onClick={remove}
                  >
                    {ECONOMY_TEXTS.removeIcon}
                  </Button>
                </Group>
              )}
            </Group>
          </Paper>
        ) : (
          <>
            <IconPicker
              label={ECONOMY_TEXTS.iconLibrary}
              value={icon}
              disabled={disabled}
              height={220}
              onChange={(chosen) => onIconChange({ ...EMPTY_CURRENCY_ICON, ...chosen })}
            />
            <Divider label="or upload your own" labelPosition="center" />
            <Group>{uploadButton(ECONOMY_TEXTS.uploadIcon, 'light', IconUpload)}</Group>
          </>
        )}
        {problem && (
          <Text size="sm" c="red" role="alert">
            {problem}
          </Text>
        )}
      </Stack>
    </Input.Wrapper>
  );
};
