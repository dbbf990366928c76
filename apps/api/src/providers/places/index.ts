import { createGazetteerPlaces } from './gazetteer-places';
import { createGooglePlaces } from './google-places';
import type { PlacesProvider } from './places-provider';

export type { PlacesProvider } from './places-provider';

export const placesProviderFor = (config: { googlePlacesKey: string | undefined }): PlacesProvider =>
  config.googlePlacesKey ? createGooglePlaces(config.googlePlacesKey) : createGazetteerPlaces();
