import type { TAddress } from '@laurel/contract';
import { ActionIcon, Badge, Button, Group, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { IconMapPin, IconPlus, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { addressesQuery, useDeleteAddress } from '@/features/customers/api';
import { EmptyText, ProfileSection } from '@/features/customers/components/profile-section';
import { InlineLoader } from '@/ui/inline-loader';
import { LazyTooltip } from '@/ui/lazy-tooltip';

type TAddressesSectionProps = { customerId: string; canEdit: boolean; onAdd: () => void };

/** The customer's addresses: list, delete after a confirm, add through address search (spec 1 §2.11). */
export const AddressesSection = ({ customerId, canEdit, onAdd }: TAddressesSectionProps) => {
  const addresses = useQuery(addressesQuery(customerId));
  const remove = useDeleteAddress();

  const confirmDelete = (address: TAddress) =>
    modals.openConfirmModal({
      title: 'Delete address?',
      children: (
        <Text size="sm">
          {address.label}: {address.full_address}
        </Text>
      ),
      labels: { confirm: 'Delete', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate(
          { user_id: customerId, _id: address._id },
          {
            onSuccess: (result) =>
              notifications.show({ color: 'teal', message: result.message, autoClose: 3000 }),
          },
        ),
    });

  const list = addresses.data ?? [];
  return (
    <ProfileSection
      title="Addresses"
      actions={
        canEdit && (
          <Button
            size="compact-sm"
            variant="light"
            leftSection={<IconPlus size={14} aria-hidden />}
            onClick={onAdd}
          >
            Add Address
          </Button>
        )
      }
    >
      {addresses.isPending ? (
        <InlineLoader label="Loading addresses" />
      ) : list.length === 0 ? (
        <EmptyText>No addresses added as yet.</EmptyText>
      ) : (
        <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {list.map((address) => (
            <Group key={address._id} component="li" justify="space-between" wrap="nowrap" align="flex-start">
              <Group gap="sm" wrap="nowrap" align="flex-start">
                <IconMapPin size={18} aria-hidden style={{ marginTop: 2, flexShrink: 0 }} />
                <Stack gap={0}>
                  <Group gap={6}>
                    <Text size="sm" fw={600}>
                      {address.label}
                    </Text>
                    {address.default && (
                      <Badge size="xs" variant="light" tt="none">
                        Default
                      </Badge>
                    )}
                  </Group>
                  <Text size="sm" c="dimmed">
                    {address.full_address}
                  </Text>
                </Stack>
              </Group>
              {canEdit && (
                <LazyTooltip label="Delete">
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={`Delete address ${address.label}`}
                    loading={remove.isPending && remove.variables?._id === address._id}
                    onClick={() => confirmDelete(address)}
                  >
                    <IconTrash size={16} aria-hidden />
                  </ActionIcon>
                </LazyTooltip>
              )}
            </Group>
          ))}
        </Stack>
      )}
    </ProfileSection>
  );
};
