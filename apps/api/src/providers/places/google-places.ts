import type { TPlaceDetails } from '@laurel/contract';
import type { PlacesProvider } from './places-provider';

type Fetch = typeof fetch;

/** Google Places (when GOOGLE_PLACES_KEY is set). `fetchImpl` lets tests replay recorded answers. */
export const createGooglePlaces = (apiKey: string, fetchImpl: Fetch = fetch): PlacesProvider => {
  const get = async (path: string, params: Record<string, string>) => {
    const url = new URL(`https://maps.googleapis.com/maps/api/place/${path}/json`);
    for (const [name, value] of Object.entries({ ...params, key: apiKey })) url.searchParams.set(name, value);
    const res = await fetchImpl(url, { signal: AbortSignal.timeout(5000) });
    if (!res.ok) throw new Error(`Google Places answered ${res.status}`);
    const body = (await res.json()) as { status: string; error_message?: string } & Record<string, unknown>;
    if (body.status !== 'OK' && body.status !== 'ZERO_RESULTS') {
      throw new Error(`Google Places: ${body.status} ${body.error_message ?? ''}`.trim());
    }
    return body;
  };
  return {
    name: 'google',
    autocomplete: async (input) => {
      if (input.trim().length < 2) return [];
      const body = await get('autocomplete', { input });
      const predictions = (body.predictions ?? []) as { description: string; place_id: string }[];
      return predictions.map(({ description, place_id }) => ({ description, place_id }));
    },
    details: async (placeId) => {
      const body = await get('details', {
        place_id: placeId,
        fields: 'place_id,formatted_address,geometry,address_component',
      });
      const result = body.result as
        | {
            place_id: string;
            formatted_address: string;
            geometry: { location: { lat: number; lng: number } };
            address_components: { types: string[]; long_name: string; short_name: string }[];
          }
        | undefined;
      if (!result) return null;
      const details: TPlaceDetails = {
        place_id: result.place_id,
        formatted_address: result.formatted_address,
        geometry: { location: { lat: result.geometry.location.lat, lng: result.geometry.location.lng } },
        address_components: result.address_components.map(({ types, long_name, short_name }) => ({
          types,
          long_name,
          short_name,
        })),
      };
      return details;
    },
  };
};
