import { parse } from 'node:querystring';

/**
 * The query string parser (DESIGN §3: empty values are skipped): `?page=&size=&search_string=` is the default page
 * of everything, as if the parameters were not given, rather than a 400 for a blank page number. A repeated key
 * keeps its non-empty values. Keys and values are decoded as Fastify's own parser does (`+` is a space).
 */
export const parseQueryString = (text: string): Record<string, string | string[]> => {
  const query: Record<string, string | string[]> = Object.create(null);
  for (const [key, value] of Object.entries(parse(text))) {
    if (Array.isArray(value)) {
      const given = value.filter((item) => item !== '');
      if (given.length > 0) query[key] = given;
    } else if (value !== undefined && value !== '') query[key] = value;
  }
  return query;
};
