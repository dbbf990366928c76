import {
  BYTE_LIMITS,
  CHALLENGE_STATUS_LABELS,
  CHALLENGE_STATUSES,
  COMMON_MESSAGES,
  hasImageExtension,
  IMAGE_EXTENSIONS,
  LIMITS,
  UPLOAD_MESSAGES,
} from '@laurel/contract';
import {
  Button,
  Group,
  Image,
  Input,
  Paper,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { IconCalendar, IconPhoto, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import type { TChallengeDetails, TChallengeProblems } from '@/features/challenges/challenge-form-values';
import { CHALLENGE_TEXTS as T } from '@/features/challenges/challenge-texts';
import { FileDrop } from '@/ui/file-drop';
import { LazyDateInput } from '@/ui/lazy-field/lazy-date-input';
import { LazySelect } from '@/ui/lazy-select';
import { useObjectUrl } from '@/ui/use-object-url';

const DAY_FORMAT = 'D MMM YYYY';

type TDetailsPanelProps = {
  values: TChallengeDetails;
  /** A newly chosen image, uploaded when the challenge is saved. */
  file: File | null;
  errors: TChallengeProblems['byField'];
  readOnly: boolean;
  onChange: (values: TChallengeDetails) => void;
  onFile: (file: File | null) => void;
};

const problemOf = (file: File) => {
  if (!hasImageExtension(file.name)) return UPLOAD_MESSAGES.notAnImage;
  if (file.size > BYTE_LIMITS.upload) return UPLOAD_MESSAGES.tooLarge;
  return null;
};

/** Whether the browser can draw the file; an unreadable one gives 'Invalid image file' (spec 2 §5). */
const isReadableImage = (file: File) =>
  new Promise<boolean>((resolve) => {
    const url = URL.createObjectURL(file);
    const image = new window.Image();
    image.onload = () => {
      URL.revokeObjectURL(url);
      resolve(true);
    };
    image.onerror = () => {
      URL.revokeObjectURL(url);
      resolve(false);
    };
    image.src = url;
  });

const ImageBox = ({ values, file, errors, readOnly, onChange, onFile }: TDetailsPanelProps) => {
  const [problem, setProblem] = useState<string | null>(null);
  const preview = useObjectUrl(file);
  const shown = preview ?? values.image?.url ?? null;
  if (shown)
    return (
      <Input.Wrapper label={T.image} required error={errors.image}>
        <Paper withBorder radius="md" p="xs">
          <Group justify="space-between" wrap="nowrap" gap="xs">
            <Group gap="xs" wrap="nowrap" miw={0}>
              <Image
                src={shown}
                alt={`Image of ${values.title || 'the challenge'}`}
                w={56}
                h={56}
                fit="cover"
                radius="sm"
              />
              <Text size="sm" c="dimmed" truncate="end" miw={0}>
                {file?.name ?? values.image?.file_name ?? shown.split('/').at(-1)}
              </Text>
            </Group>
            {!readOnly && (
              <Button
                variant="subtle"
                color="red"
                size="compact-sm"
                leftSection={<IconTrash size={14} aria-hidden />}
                onClick={() => {
                  onFile(null);
                  onChange({ ...values, image: null });
                }}
              >
                {T.removeImage}
              </Button>
            )}
          </Group>
        </Paper>
      </Input.Wrapper>
    );
  return (
    <FileDrop
      label={T.image}
      required
      accept={IMAGE_EXTENSIONS.join(',')}
      hint={T.imageHint}
      icon={IconPhoto}
      disabled={readOnly}
      error={problem ?? errors.image}
      onFile={(chosen) => {
        const why = problemOf(chosen);
        setProblem(why);
        if (why) return;
        void isReadableImage(chosen).then((readable) => {
          if (readable) onFile(chosen);
          else setProblem(COMMON_MESSAGES.invalidImageFile);
        });
      }}
    />
  );
};

/** The challenge's details (spec 2 §2): title, description, image, schedule, status and the visible flag. */
export const DetailsPanel = (props: TDetailsPanelProps) => {
  const { values, errors, readOnly, onChange } = props;
  const set = <TKey extends keyof TChallengeDetails>(key: TKey, value: TChallengeDetails[TKey]) =>
    onChange({ ...values, [key]: value });
  return (
    <Paper withBorder radius="md" p="md" role="region" aria-label={T.details}>
      <Stack gap="sm">
        <Title order={2} fz="lg">
          {T.details}
        </Title>
        <TextInput
          label={T.title}
          required
          maxLength={LIMITS.titleMaxLength}
          description={`${values.title.length}/${LIMITS.titleMaxLength}`}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          readOnly={readOnly}
          value={values.title}
          error={errors.title}
          onChange={(event) => set('title', event.currentTarget.value)}
        />
        <Textarea
          label={T.description}
          required
          rows={3}
          readOnly={readOnly}
          value={values.description}
          error={errors.description}
          onChange={(event) => set('description', event.currentTarget.value)}
        />
        <ImageBox {...props} />
        <LazyDateInput
          label={T.startDate}
          required
          placeholder="Pick a day"
          valueFormat={DAY_FORMAT}
          leftSection={<IconCalendar size={16} aria-hidden />}
          readOnly={readOnly}
          value={values.start_date}
          error={errors.start_date}
          onChange={(value) => set('start_date', value || null)}
        />
        <LazyDateInput
          label={T.endDate}
          required
          placeholder="Pick a day"
          valueFormat={DAY_FORMAT}
          leftSection={<IconCalendar size={16} aria-hidden />}
          readOnly={readOnly}
          value={values.end_date}
          error={errors.end_date}
          onChange={(value) => set('end_date', value || null)}
        />
        <LazySelect
          label={T.status}
          required
          data={CHALLENGE_STATUSES.map((status) => ({
            value: status,
            label: CHALLENGE_STATUS_LABELS[status],
          }))}
          allowDeselect={false}
          readOnly={readOnly}
          value={values.status}
          error={errors.status}
          onChange={(value) => value && set('status', value as TChallengeDetails['status'])}
        />
        <Switch
          label={T.visible}
          description={T.visibleHint}
          disabled={readOnly}
          checked={values.visible}
          onChange={(event) => set('visible', event.currentTarget.checked)}
        />
      </Stack>
    </Paper>
  );
};
