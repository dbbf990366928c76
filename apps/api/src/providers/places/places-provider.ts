import type { TPlaceDetails } from '@laurel/contract';

export type PlacePrediction = { description: string; place_id: string };

/** Address search: predictions for typed text, then one place's coordinates and parts (spec 1 §7). */
export type PlacesProvider = {
  name: 'gazetteer' | 'google';
  autocomplete: (input: string) => Promise<PlacePrediction[]>;
  details: (placeId: string) => Promise<TPlaceDetails | null>;
};
