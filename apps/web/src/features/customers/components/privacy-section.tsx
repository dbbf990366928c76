import type { TCustomer } from '@laurel/contract';
import { Button, Group, Stack, Text } from '@mantine/core';
import { IconDownload, IconTrash } from '@tabler/icons-react';
import { ProfileSection } from '@/features/customers/components/profile-section';
import { useDownloadCustomerData } from '@/features/customers/components/use-download-customer-data';

type TPrivacySectionProps = {
  customer: TCustomer;
  /** CUSTOMERS delete: erasing is a deletion of the member's personal data. */
  canErase: boolean;
  onErase: () => void;
};

/** The profile's Privacy box: a member's data handed over (Download data) or erased on request (GDPR, POPIA). */
export const PrivacySection = ({ customer, canErase, onErase }: TPrivacySectionProps) => {
  const download = useDownloadCustomerData(customer._id);
  const erased = customer.status === 'ERASED';
  return (
    <ProfileSection title="Privacy">
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {erased
            ? "This customer's personal data was erased on request. Their orders, ledgers and statistics remain under their customer id."
            : 'Hand the customer everything Laurel holds about them, or erase their personal data when they ask.'}
        </Text>
        <Group gap="xs">
          <Button
            variant="light"
            leftSection={<IconDownload size={16} aria-hidden />}
            onClick={() => void download.run()}
            loading={download.running}
          >
            Download data
          </Button>
          {canErase && !erased && (
            <Button
              variant="default"
              leftSection={<IconTrash size={16} color="var(--mantine-color-red-9)" aria-hidden />}
              onClick={onErase}
            >
              Erase
            </Button>
          )}
        </Group>
      </Stack>
    </ProfileSection>
  );
};
