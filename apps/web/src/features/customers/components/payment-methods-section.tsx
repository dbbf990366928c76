import { CUSTOMER_PROFILE_MESSAGES, type TCardBrand } from '@laurel/contract';
import { Group, Stack, Text } from '@mantine/core';
import { IconBrandVisa, IconCreditCard } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { cardsQuery } from '@/features/customers/api';
import { EmptyText, ProfileSection } from '@/features/customers/components/profile-section';
import { InlineLoader } from '@/ui/inline-loader';

const CARD_TYPE_LABELS: Record<TCardBrand, string> = {
  VISA: 'Visa',
  MASTERCARD: 'Mastercard',
  AMEX: 'American Express',
  DINERS: 'Diners Club',
  DISCOVER: 'Discover',
  OTHER: 'Card',
};

/** Only the last four digits are ever shown. */
export const maskedCardNumber = (lastFour: string) => `•••• ${lastFour}`;

/** Stored cards (spec 1 §2.11): number and type; Visa has its own icon. */
export const PaymentMethodsSection = ({ customerId }: { customerId: string }) => {
  const cards = useQuery(cardsQuery(customerId));
  const list = cards.data ?? [];
  return (
    <ProfileSection title="Payment Methods">
      {cards.isPending ? (
        <InlineLoader label="Loading payment methods" />
      ) : list.length === 0 ? (
        <EmptyText>{CUSTOMER_PROFILE_MESSAGES.noPaymentMethod}</EmptyText>
      ) : (
        <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {list.map((card) => (
            <Group key={card._id} component="li" gap="sm" wrap="nowrap">
              {card.card_type === 'VISA' ? (
                <IconBrandVisa size={28} aria-label="Visa" color="var(--mantine-color-blue-7)" />
              ) : (
                <IconCreditCard size={28} aria-hidden />
              )}
              <Stack gap={0}>
                <Text size="sm" fw={600} ff="monospace">
                  {maskedCardNumber(card.last_four)}
                </Text>
                <Text size="xs" c="dimmed">
                  {CARD_TYPE_LABELS[card.card_type]} · expires {String(card.expiry_month).padStart(2, '0')}/
                  {card.expiry_year}
                </Text>
              </Stack>
            </Group>
          ))}
        </Stack>
      )}
    </ProfileSection>
  );
};
