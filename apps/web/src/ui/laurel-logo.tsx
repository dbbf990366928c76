import { Box, Group, Text } from '@mantine/core';
import { LaurelWreath } from '@/ui/laurel-wreath';

type TLaurelLogoProps = {
  name?: string;
  size?: 'sm' | 'md' | 'lg';
  /** Wordmark colour; defaults to the scheme's text colour. */
  color?: string;
};

const SIZES = { sm: { mark: 32, text: 19 }, md: { mark: 40, text: 23 }, lg: { mark: 52, text: 30 } } as const;

/** The gold wreath on an ink tile, then the wordmark. The name is real text so that it reads as the product name. */
export const LaurelLogo = ({ name = 'Laurel', size = 'md', color }: TLaurelLogoProps) => {
  const { mark, text } = SIZES[size];
  return (
    <Group gap={10} wrap="nowrap" align="center">
      <Box
        w={mark}
        h={mark}
        style={{
          display: 'grid',
          placeItems: 'center',
          flex: 'none',
          borderRadius: Math.round(mark * 0.28),
          background: 'linear-gradient(145deg, #2e2411 0%, #14110a 100%)',
          boxShadow: 'inset 0 0 0 1px rgba(210, 160, 35, 0.35)',
        }}
      >
        <LaurelWreath size={Math.round(mark * 0.92)} colors={['#f6e3a6', '#d2a023']} />
      </Box>
      <Text component="span" fw={700} fz={text} lh={1} c={color} style={{ letterSpacing: '-0.015em' }}>
        {name}
      </Text>
    </Group>
  );
};
