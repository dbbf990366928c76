import { z } from 'zod';
import { defineEndpoint } from '../http/endpoint';
import { envelopeOf } from '../http/envelope';

/** Address search (spec 1 §7): predictions, then a place's coordinates and parts. */
export const ZPlacePrediction = z.object({ description: z.string(), place_id: z.string() });

export const ZPlaceDetails = z.object({
  place_id: z.string(),
  formatted_address: z.string(),
  geometry: z.object({ location: z.object({ lat: z.number(), lng: z.number() }) }),
  address_components: z.array(
    z.object({ types: z.array(z.string()), long_name: z.string(), short_name: z.string() }),
  ),
});
export type TPlaceDetails = z.infer<typeof ZPlaceDetails>;

/** Typed address text is short; a longer query only spends the Places key (it is a public route). */
export const PLACES_INPUT_MAX = 100;
export const PLACES_MESSAGES = {
  inputTooLong: `Address search takes at most ${PLACES_INPUT_MAX} characters.`,
  placeIdTooLong: 'place_id is not a valid place id.',
} as const;

export const placesAutocomplete = defineEndpoint({
  method: 'GET',
  path: '/v2/google/autocomplete',
  permission: 'PUBLIC',
  token: 'none',
  summary: 'Address predictions for typed text',
  tags: ['places'],
  // Google Places (when configured) not answering.
  errors: [503],
  query: z.object({
    input: z.string().trim().max(PLACES_INPUT_MAX, PLACES_MESSAGES.inputTooLong).default(''),
  }),
  response: envelopeOf(z.array(ZPlacePrediction)),
});

export const placeDetails = defineEndpoint({
  method: 'GET',
  path: '/v2/google/placeiddetails',
  permission: 'PUBLIC',
  token: 'none',
  summary: "A place's coordinates and address parts",
  tags: ['places'],
  errors: [503],
  query: z.object({
    place_id: z.string().trim().min(1, 'place_id is required').max(300, PLACES_MESSAGES.placeIdTooLong),
  }),
  response: envelopeOf(ZPlaceDetails),
});
