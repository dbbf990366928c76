import { BYTE_LIMITS, hasImageExtension, IMAGE_EXTENSIONS, UPLOAD_MESSAGES } from '@laurel/contract';
import { Button, FileButton, Group, Image, Input, Paper, Stack, Text } from '@mantine/core';
import { IconPhoto, IconReplace, IconTrash, IconUpload } from '@tabler/icons-react';
import { useRef, useState } from 'react';

const ACCEPT = IMAGE_EXTENSIONS.join(',');

/** Why a chosen file cannot be an image here: its extension or its size (DESIGN §9); null when it may. */
export const imageFileProblem = (file: File) => {
  if (!hasImageExtension(file.name)) return UPLOAD_MESSAGES.notAnImage;
  if (file.size > BYTE_LIMITS.upload) return UPLOAD_MESSAGES.tooLarge;
  return null;
};

type TImageFieldProps = {
  label: string;
  /** The stored image, if any. */
  imageUrl: string | null;
  /** A newly chosen file (uploaded when the form saves) and its object URL. */
  file: File | null;
  fileUrl: string | null;
  onFileChange: (file: File | null) => void;
  /** Drops the stored image (and any chosen file). */
  onRemove: () => void;
  hint: string;
  readOnly?: boolean;
  texts?: { upload: string; replace: string; remove: string };
};

const DEFAULT_TEXTS = { upload: 'Upload Image', replace: 'Replace', remove: 'Remove' };

/**
 * An optional picture chosen with the file dialog (PNG, JPEG or SVG up to 5 MB) beside its thumbnail; the editor
 * uploads it with `uploadImage` when it saves, as the badge and currency editors do with their icons.
 */
export const ImageField = ({
  label,
  imageUrl,
  file,
  fileUrl,
  onFileChange,
  onRemove,
  hint,
  readOnly = false,
  texts = DEFAULT_TEXTS,
}: TImageFieldProps) => {
  const [problem, setProblem] = useState<string | null>(null);
  const resetRef = useRef<() => void>(null);
  const shown = fileUrl ?? imageUrl;

  const choose = (chosen: File | null) => {
    // The same file may be chosen again after a removal.
    resetRef.current?.();
    if (!chosen) return;
    const why = imageFileProblem(chosen);
    setProblem(why);
    if (!why) onFileChange(chosen);
  };

  return (
    <Input.Wrapper label={label} labelElement="div" error={problem}>
      <Group gap="md" wrap="nowrap" mt={6} align="center">
        <Paper
          withBorder
          radius="md"
          w={88}
          miw={88}
          h={88}
          display="flex"
          style={{ alignItems: 'center', justifyContent: 'center', overflow: 'hidden' }}
        >
          {shown ? (
            <Image
              src={shown}
              alt={`${label}: ${file?.name ?? 'stored image'}`}
              fit="contain"
              w={80}
              h={80}
            />
          ) : (
            <IconPhoto size={28} stroke={1.5} aria-hidden color="var(--mantine-color-dimmed)" />
          )}
        </Paper>
        <Stack gap={6} miw={0}>
          {!readOnly && (
            <Group gap="xs">
              <FileButton
                onChange={choose}
                accept={ACCEPT}
                resetRef={resetRef}
                inputProps={{ 'aria-label': label }}
              >
                {(props) => (
                  <Button
                    {...props}
                    variant={shown ? 'default' : 'light'}
                    size="xs"
                    leftSection={
                      shown ? <IconReplace size={16} aria-hidden /> : <IconUpload size={16} aria-hidden />
                    }
                  >
                    {shown ? texts.replace : texts.upload}
                  </Button>
                )}
              </FileButton>
              {shown && (
                <Button
                  variant="subtle"
                  color="red"
                  size="xs"
                  leftSection={<IconTrash size={16} aria-hidden />}
                  onClick={() => {
                    setProblem(null);
                    onRemove();
                  }}
                >
                  {texts.remove}
                </Button>
              )}
            </Group>
          )}
          <Text size="xs" c="dimmed" truncate="end">
            {file ? `${file.name} · uploaded when you save` : hint}
          </Text>
        </Stack>
      </Group>
    </Input.Wrapper>
  );
};
