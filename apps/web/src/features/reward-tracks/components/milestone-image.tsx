import {
  COMMON_MESSAGES,
  IMAGE_EXTENSIONS,
  IMAGE_MIME_TYPES,
  imageDimensionsMessage,
} from '@laurel/contract';
import { Group, Image, Paper, Stack, Text } from '@mantine/core';
import { IconPhoto } from '@tabler/icons-react';
import { useState } from 'react';
import { fitsWithin, readImageSize } from '@/features/reward-tracks/image-size';
import { FileDrop } from '@/ui/file-drop';
import { useObjectUrl } from '@/ui/use-object-url';

/** Milestone images are shown small in the client's app; anything larger than this is refused before upload. */
export const MILESTONE_IMAGE_MAX = { width: 2048, height: 2048 } as const;

const ACCEPT = [...IMAGE_EXTENSIONS, ...IMAGE_MIME_TYPES].join(',');

type TMilestoneImageProps = {
  /** 'Milestone 2': names the preview. */
  label: string;
  imageUrl: string;
  file: File | null;
  onFile: (file: File) => void;
  /** The save's 'Image is required', when it applies. */
  error?: string | undefined;
  readOnly?: boolean;
};

/**
 * The milestone's image (spec 3 §2): a file box beside a preview of the saved or newly chosen image. A chosen file
 * is read first: one that is not an image gives 'Invalid image file', one larger than the limit gives 'Image
 * dimensions must be less than or equal to WxH', and neither replaces the current image.
 */
export const MilestoneImage = ({
  label,
  imageUrl,
  file,
  onFile,
  error,
  readOnly = false,
}: TMilestoneImageProps) => {
  const [problem, setProblem] = useState<string | null>(null);
  const [reading, setReading] = useState(false);
  const fileUrl = useObjectUrl(file);
  const shown = fileUrl ?? (imageUrl || null);

  const take = async (chosen: File) => {
    setReading(true);
    const size = await readImageSize(chosen);
    setReading(false);
    if (!size) {
      setProblem(COMMON_MESSAGES.invalidImageFile);
      return;
    }
    if (!fitsWithin(size, MILESTONE_IMAGE_MAX.width, MILESTONE_IMAGE_MAX.height)) {
      setProblem(imageDimensionsMessage(MILESTONE_IMAGE_MAX.width, MILESTONE_IMAGE_MAX.height));
      return;
    }
    setProblem(null);
    onFile(chosen);
  };

  return (
    <Group align="stretch" gap="md" wrap="nowrap">
      <Paper
        withBorder
        radius="md"
        w={112}
        miw={112}
        mih={112}
        display="flex"
        style={{ alignItems: 'center', justifyContent: 'center', overflow: 'hidden' }}
      >
        {shown ? (
          <Image src={shown} alt={`${label} image`} fit="contain" w={104} h={104} />
        ) : (
          <Stack align="center" gap={4} c="dimmed">
            <IconPhoto size={28} stroke={1.5} aria-hidden />
            <Text size="xs">No image yet</Text>
          </Stack>
        )}
      </Paper>
      <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
        <FileDrop
          label="Image"
          required
          accept={ACCEPT}
          prompt={shown ? 'Drop another image here or click to replace it' : undefined}
          hint={`PNG, JPEG or SVG, at most ${MILESTONE_IMAGE_MAX.width} × ${MILESTONE_IMAGE_MAX.height} pixels; uploaded when you save.`}
          onFile={(chosen) => void take(chosen)}
          busy={reading}
          disabled={readOnly}
          error={problem ?? error}
        />
        {file && (
          <Text size="xs" c="dimmed">
            {file.name}
          </Text>
        )}
      </Stack>
    </Group>
  );
};
