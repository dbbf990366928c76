import { DEBOUNCE_MS } from '@laurel/contract';
import { Combobox, Loader, TextInput, useCombobox } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconMapPin } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { placePredictionsQuery } from '@/api/places';

export type TChosenPlace = { place_id: string; description: string };

type TAddressSearchProps = {
  /** What is typed in the box. */
  text: string;
  onTextChange: (text: string) => void;
  /** Called when a prediction is clicked; typing again means nothing is chosen until another click. */
  onChoose: (place: TChosenPlace) => void;
  error?: string | undefined;
  /** 'Address' for a customer's address, 'Business Address' in the sign-up wizard. */
  label?: string;
  placeholder?: string;
};

/**
 * Address search: predictions once typing pauses for a second (spec 1 §9); one must be clicked to choose it.
 * Used for customers' addresses and the sign-up wizard's business address.
 */
export const AddressSearch = ({
  text,
  onTextChange,
  onChoose,
  error,
  label = 'Address',
  placeholder = 'Start typing an address',
}: TAddressSearchProps) => {
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  const [debounced] = useDebouncedValue(text.trim(), DEBOUNCE_MS.addressAutocomplete);
  // Once a prediction is chosen, its description in the box is not searched again (that search, a second later,
  // would reopen the list over the form with 'No matching addresses'); typing starts searching anew.
  const [chosen, setChosen] = useState(false);
  const searching = !chosen && debounced.length >= 2;
  const predictions = useQuery({ ...placePredictionsQuery(debounced), enabled: searching });
  const options = predictions.data ?? [];

  return (
    <Combobox
      store={combobox}
      withinPortal={false}
      onOptionSubmit={(placeId) => {
        const place = options.find((option) => option.place_id === placeId);
        if (!place) return;
        setChosen(true);
        onChoose(place);
        combobox.closeDropdown();
      }}
    >
      <Combobox.Target>
        <TextInput
          label={label}
          placeholder={placeholder}
          required
          leftSection={<IconMapPin size={16} aria-hidden />}
          rightSection={predictions.isFetching ? <Loader size={16} aria-hidden /> : null}
          value={text}
          error={error}
          autoComplete="off"
          onChange={(event) => {
            setChosen(false);
            onTextChange(event.currentTarget.value);
            combobox.openDropdown();
            combobox.updateSelectedOptionIndex();
          }}
          onClick={() => combobox.openDropdown()}
          onFocus={() => combobox.openDropdown()}
          onBlur={() => combobox.closeDropdown()}
        />
      </Combobox.Target>
      <Combobox.Dropdown hidden={!searching || (options.length === 0 && !predictions.isFetched)}>
        <Combobox.Options aria-label="Address predictions">
          {options.length === 0 ? (
            <Combobox.Empty>{predictions.isFetching ? 'Searching…' : 'No matching addresses'}</Combobox.Empty>
          ) : (
            options.map((option) => (
              <Combobox.Option value={option.place_id} key={option.place_id}>
                {option.description}
              </Combobox.Option>
            ))
          )}
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
};
