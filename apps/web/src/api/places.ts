import { placeDetails, placesAutocomplete } from '@laurel/contract';
import { queryOptions } from '@tanstack/react-query';
import { http } from '@/api/http';
import { unwrap } from '@/api/http-client';

/**
 * `GET /api/v2/google/autocomplete?input=`: address predictions. Public routes (no token), so the sign-up wizard
 * searches before anyone is signed in; the server limits them per IP.
 */
export const placePredictionsQuery = (input: string) =>
  queryOptions({
    queryKey: ['places', 'autocomplete', input] as const,
    queryFn: async ({ signal }) => {
      const result = await http.call(placesAutocomplete, { query: { input }, signal });
      if (!result.success) {
        console.error('Address search failed:', result.message);
        return [];
      }
      return result.content;
    },
    staleTime: 5 * 60_000,
  });

/** `GET /api/v2/google/placeiddetails?place_id=`: a chosen prediction's address and coordinates. */
export const fetchPlaceDetails = async (placeId: string) =>
  unwrap(await http.call(placeDetails, { query: { place_id: placeId } })).content;
