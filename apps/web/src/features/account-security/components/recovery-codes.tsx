import { Button, Code, CopyButton, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconCheck, IconCopy, IconDownload } from '@tabler/icons-react';

const download = (codes: string[]) => {
  const text = `Laurel recovery codes\nEach code signs you in once, in place of a code from your authenticator app.\n\n${codes.join('\n')}\n`;
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = 'laurel-recovery-codes.txt';
  link.click();
  // The click has started the download; the URL is not needed after this turn.
  setTimeout(() => URL.revokeObjectURL(url), 0);
};

/** The ten recovery codes, shown once, with copy and download. */
export const RecoveryCodes = ({ codes }: { codes: string[] }) => (
  <Stack gap="sm">
    <Text size="sm">
      Keep these codes somewhere safe. Each one signs you in once if you lose your phone. They are shown only
      now.
    </Text>
    <SimpleGrid cols={2} spacing="xs" role="list" aria-label="Recovery codes">
      {codes.map((code) => (
        <Code key={code} role="listitem" fz="md" ta="center" py={6}>
          {code}
        </Code>
      ))}
    </SimpleGrid>
    <Group gap="sm">
      <CopyButton value={codes.join('\n')}>
        {({ copied, copy }) => (
          <Button
            variant="default"
            onClick={copy}
            leftSection={copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />}
          >
            {copied ? 'Copied' : 'Copy codes'}
          </Button>
        )}
      </CopyButton>
      <Button
        variant="default"
        onClick={() => download(codes)}
        leftSection={<IconDownload size={16} aria-hidden />}
      >
        Download codes
      </Button>
    </Group>
  </Stack>
);
