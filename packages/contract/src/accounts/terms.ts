import { z } from 'zod';
import { defineEndpoint } from '../http/endpoint';
import { envelopeOf } from '../http/envelope';

export const getTermsAndConditions = defineEndpoint({
  method: 'GET',
  path: '/v2/terms-and-conditions',
  permission: 'PUBLIC',
  token: 'none',
  summary: 'The terms and conditions text',
  tags: ['accounts'],
  response: envelopeOf(z.object({ content: z.string() })),
});
