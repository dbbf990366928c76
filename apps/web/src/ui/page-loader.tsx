import { Center, Loader, Stack, Text } from '@mantine/core';

type TPageLoaderProps = {
  label?: string;
  /** Fill the whole viewport rather than the area it sits in. */
  fullScreen?: boolean;
};

/** A centred spinner with an accessible name, for pages and chunks that are still loading. */
export const PageLoader = ({ label = 'Loading', fullScreen = false }: TPageLoaderProps) => (
  <Center mih={fullScreen ? '100dvh' : 240} w="100%" role="status" aria-live="polite">
    <Stack align="center" gap="sm">
      <Loader aria-hidden />
      <Text size="sm" c="dimmed">
        {label}
      </Text>
    </Stack>
  </Center>
);
