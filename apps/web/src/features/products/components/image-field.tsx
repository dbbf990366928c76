import { BYTE_LIMITS, hasImageExtension, IMAGE_EXTENSIONS, UPLOAD_MESSAGES } from '@laurel/contract';
import { Button, Group, Image, Input, Paper, Stack, Text } from '@mantine/core';
import { IconPhoto, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useUploadCatalogueImage } from '@/features/products/api';
import { CATALOGUE_TEXTS } from '@/features/products/catalogue-texts';
import { FileDrop } from '@/ui/file-drop';

type TImageFieldProps = {
  label?: string;
  /** The stored image's absolute URL. */
  value: string | null;
  onChange: (url: string | null) => void;
  /** Sent with the upload (what the image shows). */
  description: string;
  disabled?: boolean;
  error?: string | undefined;
};

const problemOf = (file: File) => {
  if (!hasImageExtension(file.name)) return UPLOAD_MESSAGES.notAnImage;
  if (file.size > BYTE_LIMITS.upload) return UPLOAD_MESSAGES.tooLarge;
  return null;
};

/**
 * An image uploaded as soon as it is chosen (`POST /api/upload/upload`), with a spinner while it goes; the form keeps
 * only the stored URL. A failure opens the message modal with the server's reason.
 */
export const ImageField = ({
  label = CATALOGUE_TEXTS.image,
  value,
  onChange,
  description,
  disabled = false,
  error,
}: TImageFieldProps) => {
  const upload = useUploadCatalogueImage();
  const [problem, setProblem] = useState<string | null>(null);

  if (value)
    return (
      <Input.Wrapper label={label} error={error}>
        <Paper withBorder radius="md" p="sm">
          <Group justify="space-between" wrap="nowrap" gap="sm">
            <Group gap="sm" wrap="nowrap" miw={0}>
              <Image src={value} alt={description} w={64} h={64} fit="contain" radius="sm" />
              <Text size="sm" c="dimmed" truncate="end" miw={0}>
                {value.split('/').at(-1)}
              </Text>
            </Group>
            {!disabled && (
              <Button
                variant="subtle"
                color="red"
                leftSection={<IconTrash size={16} aria-hidden />}
                onClick={() => onChange(null)}
              >
                {CATALOGUE_TEXTS.removeImage}
              </Button>
            )}
          </Group>
        </Paper>
      </Input.Wrapper>
    );

  return (
    <Stack gap={4}>
      <FileDrop
        label={label}
        accept={IMAGE_EXTENSIONS.join(',')}
        hint={CATALOGUE_TEXTS.imageHint}
        icon={IconPhoto}
        disabled={disabled}
        busy={upload.isPending}
        prompt={upload.isPending ? 'Uploading…' : 'Drop an image here or click to choose one'}
        error={problem ?? error}
        onFile={(file) => {
          const why = problemOf(file);
          setProblem(why);
          if (why) return;
          upload.mutate({ file, description }, { onSuccess: (stored) => onChange(stored.location) });
        }}
      />
    </Stack>
  );
};
