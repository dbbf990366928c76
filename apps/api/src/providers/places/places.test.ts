import { describe, expect, it } from 'vitest';
import { createGazetteerPlaces } from './gazetteer-places';
import { createGooglePlaces } from './google-places';

// Answers in the shape Google's Places API returns them (autocomplete and details), trimmed.
const RECORDED: Record<string, unknown> = {
  autocomplete: {
    status: 'OK',
    predictions: [
      {
        description: '58 Wale Street, Cape Town City Centre, Cape Town, South Africa',
        place_id: 'ChIJ0ZlOKWdnzB0R-Z8o3gYQ3qY',
        structured_formatting: { main_text: '58 Wale Street' },
        types: ['street_address'],
      },
    ],
  },
  details: {
    status: 'OK',
    result: {
      place_id: 'ChIJ0ZlOKWdnzB0R-Z8o3gYQ3qY',
      formatted_address: '58 Wale St, Cape Town City Centre, Cape Town, 8000, South Africa',
      geometry: { location: { lat: -33.9248, lng: 18.4187 }, viewport: {} },
      address_components: [
        { long_name: '58', short_name: '58', types: ['street_number'] },
        { long_name: 'Wale Street', short_name: 'Wale St', types: ['route'] },
        { long_name: 'Cape Town', short_name: 'Cape Town', types: ['locality', 'political'] },
        { long_name: 'South Africa', short_name: 'ZA', types: ['country', 'political'] },
        { long_name: '8000', short_name: '8000', types: ['postal_code'] },
      ],
    },
  },
  denied: { status: 'REQUEST_DENIED', error_message: 'The provided API key is invalid.' },
};

const replay = (answer: string) => {
  const calls: URL[] = [];
  const fetchImpl = (async (url: URL) => {
    calls.push(url);
    return new Response(JSON.stringify(RECORDED[answer]), { status: 200 });
  }) as unknown as typeof fetch;
  return { calls, fetchImpl };
};

describe('Google Places adapter', () => {
  it('maps predictions and details and sends the key', async () => {
    const auto = replay('autocomplete');
    const predictions = await createGooglePlaces('key-123', auto.fetchImpl).autocomplete('58 Wale');
    expect(predictions).toEqual([
      {
        description: '58 Wale Street, Cape Town City Centre, Cape Town, South Africa',
        place_id: 'ChIJ0ZlOKWdnzB0R-Z8o3gYQ3qY',
      },
    ]);
    expect(auto.calls[0]?.searchParams.get('key')).toBe('key-123');
    expect(auto.calls[0]?.searchParams.get('input')).toBe('58 Wale');

    const details = await createGooglePlaces('key-123', replay('details').fetchImpl).details(
      'ChIJ0ZlOKWdnzB0R-Z8o3gYQ3qY',
    );
    expect(details?.geometry.location).toEqual({ lat: -33.9248, lng: 18.4187 });
    expect(details?.address_components).toContainEqual({
      types: ['postal_code'],
      long_name: '8000',
      short_name: '8000',
    });
  });

  it('surfaces a refusal as an error rather than an empty answer', async () => {
    await expect(createGooglePlaces('bad', replay('denied').fetchImpl).autocomplete('Cape')).rejects.toThrow(
      /REQUEST_DENIED/,
    );
  });
});

describe('offline gazetteer', () => {
  it('ranks the preferred country and bigger places first, ignores accents and case', async () => {
    const places = createGazetteerPlaces();
    expect((await places.autocomplete('cape town'))[0]?.description).toBe('Cape Town, South Africa');
    expect((await places.autocomplete('JOHANNESB'))[0]?.description).toBe('Johannesburg, South Africa');
    expect((await places.autocomplete('sao paulo'))[0]?.description).toMatch(/^São Paulo, Brazil$/);
    expect(await places.autocomplete('c')).toEqual([]);
  });
});
