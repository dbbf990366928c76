import type { TPlaceDetails } from '@laurel/contract';

/** A chosen place's parts (spec 1 §3 "Parsed place fields"). */
export type TParsedPlace = {
  fullAddress: string;
  coordinates: { lat: number; lng: number };
  street_number: string;
  street_name: string;
  suburb: string;
  city: string;
  province: string;
  country: string;
  postal_code: string;
};

const PART_TYPES: Record<Exclude<keyof TParsedPlace, 'fullAddress' | 'coordinates'>, readonly string[]> = {
  street_number: ['street_number'],
  street_name: ['route'],
  suburb: ['sublocality', 'sublocality_level_1', 'neighborhood'],
  city: ['locality', 'postal_town'],
  province: ['administrative_area_level_1'],
  country: ['country'],
  postal_code: ['postal_code'],
};

export const parsePlace = (place: TPlaceDetails): TParsedPlace => {
  const part = (types: readonly string[]) =>
    place.address_components.find((component) => component.types.some((type) => types.includes(type)))
      ?.long_name ?? '';
  return {
    fullAddress: place.formatted_address,
    coordinates: place.geometry.location,
    street_number: part(PART_TYPES.street_number),
    street_name: part(PART_TYPES.street_name),
    suburb: part(PART_TYPES.suburb),
    city: part(PART_TYPES.city),
    province: part(PART_TYPES.province),
    country: part(PART_TYPES.country),
    postal_code: part(PART_TYPES.postal_code),
  };
};
