import { ADDRESS_MESSAGES, BUTTON_LABELS } from '@laurel/contract';
import { Button, Group, Loader, Modal, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type FormEvent, useRef, useState } from 'react';
import { fetchPlaceDetails } from '@/api/places';
import { useAddAddress } from '@/features/customers/api';
import { parsePlace, type TParsedPlace } from '@/features/customers/place-fields';
import { AddressSearch } from '@/ui/address-search';

type TAddAddressModalProps = { customerId: string; opened: boolean; onClose: () => void };

/** 'New address' (spec 1 §5): the address must be a clicked prediction, and a label is required. */
export const AddAddressModal = ({ customerId, opened, onClose }: TAddAddressModalProps) => {
  const add = useAddAddress();
  return (
    <Modal
      opened={opened}
      onClose={() => {
        if (!add.isPending) onClose();
      }}
      title="New Address"
      size="lg"
    >
      <AddAddressForm
        busy={add.isPending}
        onCancel={onClose}
        onSubmit={(place, label) =>
          add.mutate(
            {
              user_id: customerId,
              address: {
                label,
                full_address: place.fullAddress,
                latitude: place.coordinates.lat,
                longitude: place.coordinates.lng,
                default: false,
              },
            },
            {
              onSuccess: (result) => {
                onClose();
                notifications.show({ color: 'teal', message: result.message, autoClose: 3000 });
              },
            },
          )
        }
      />
    </Modal>
  );
};

type TAddAddressFormProps = {
  busy: boolean;
  onSubmit: (place: TParsedPlace, label: string) => void;
  onCancel: () => void;
};

export const AddAddressForm = ({ busy, onSubmit, onCancel }: TAddAddressFormProps) => {
  const [text, setText] = useState('');
  const [place, setPlace] = useState<TParsedPlace | null>(null);
  const [resolving, setResolving] = useState(false);
  const [label, setLabel] = useState('');
  const [errors, setErrors] = useState<{ address?: string; label?: string }>({});
  // Only the latest click counts when several details requests overlap.
  const latest = useRef('');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next = {
      address: place ? undefined : ADDRESS_MESSAGES.selectPrediction,
      label: label.trim() ? undefined : ADDRESS_MESSAGES.labelRequired,
    };
    setErrors(next);
    if (place && !next.label) onSubmit(place, label.trim());
  };

  return (
    <form onSubmit={submit} aria-label="New address" noValidate>
      <Stack gap="md">
        <AddressSearch
          text={text}
          error={errors.address}
          onTextChange={(value) => {
            setText(value);
            setPlace(null);
            latest.current = '';
          }}
          onChoose={(chosen) => {
            setText(chosen.description);
            setPlace(null);
            setErrors((current) => ({ ...current, address: undefined }));
            latest.current = chosen.place_id;
            setResolving(true);
            fetchPlaceDetails(chosen.place_id)
              .then((details) => {
                if (latest.current === chosen.place_id) setPlace(parsePlace(details));
              })
              // Address-search errors are only logged (spec 1 §8); the address stays unchosen.
              .catch((error: unknown) => console.error('Address details failed:', error))
              .finally(() => {
                if (latest.current === chosen.place_id) setResolving(false);
              });
          }}
        />
        {resolving && (
          <Group gap="xs">
            <Loader size="xs" aria-hidden />
            <Text size="sm" c="dimmed">
              Finding the address…
            </Text>
          </Group>
        )}
        {place && (
          <Text size="sm" c="dimmed" aria-label="Chosen address">
            {[place.suburb, place.city, place.province, place.postal_code, place.country]
              .filter(Boolean)
              .join(' · ') || place.fullAddress}
          </Text>
        )}
        <TextInput
          label="Label"
          placeholder="e.g. Home or Work"
          required
          maxLength={60}
          value={label}
          error={errors.label}
          onChange={(event) => {
            setLabel(event.currentTarget.value);
            if (event.currentTarget.value.trim()) setErrors((current) => ({ ...current, label: undefined }));
          }}
        />
        <Group justify="flex-end" gap="sm" mt="sm">
          <Button variant="default" onClick={onCancel} disabled={busy}>
            {BUTTON_LABELS.cancel}
          </Button>
          <Button type="submit" loading={busy} disabled={resolving}>
            {BUTTON_LABELS.save}
          </Button>
        </Group>
      </Stack>
    </form>
  );
};
