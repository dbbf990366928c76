import type { TPermission, TTokenKind } from '@laurel/contract';
import {
  AREA_UMBRELLA,
  FEATURE_AREA_LABELS,
  PERMISSION_ACTION_LABELS,
  type TFeatureArea,
} from '@laurel/contract';

/** One scheme per token kind (DESIGN §3): sign-in issues four signed tokens with distinct audiences. */
export const SECURITY_SCHEMES = {
  userToken: {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'JWT',
    description: 'The `token` from sign-in (customer-facing pages of the console).',
  },
  clientToken: {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'JWT',
    description: "The `client_token` from sign-in: the console's token for the business's data.",
  },
  mediaToken: {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'JWT',
    description: 'The `media_upload_token` from sign-in: uploads only.',
  },
  paymentToken: {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'JWT',
    description: 'The `payment_engine_token` from sign-in: payment and billing calls only.',
  },
  apiKeyHeader: {
    type: 'apiKey',
    in: 'header',
    name: 'X-Api-Key',
    description: 'An API key made under Settings > Integrations, sent as `X-Api-Key: <key>`.',
  },
  apiKeyBearer: {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'API key',
    description: 'The same API key sent as `Authorization: Bearer <key>`.',
  },
} as const;

type SchemeName = keyof typeof SECURITY_SCHEMES;
const one = (...names: SchemeName[]) => names.map((name) => ({ [name]: [] as string[] }));

/** Alternatives (any one suffices), as OpenAPI lists them; `[]` marks a public operation. */
export const securityFor = (token: TTokenKind): Record<string, string[]>[] => {
  switch (token) {
    case 'none':
      return [];
    case 'user':
      return one('userToken');
    case 'client':
      return one('clientToken');
    case 'media':
      return one('mediaToken');
    case 'payment':
      return one('paymentToken');
    case 'apiKey':
      return one('apiKeyHeader', 'apiKeyBearer');
    case 'integration':
      return one('apiKeyHeader', 'apiKeyBearer', 'clientToken');
  }
};

const TOKEN_TEXT: Record<TTokenKind, string> = {
  none: 'no token',
  user: 'the user token (`token`)',
  client: 'the client token (`client_token`)',
  media: 'the media upload token (`media_upload_token`)',
  payment: 'the payment engine token (`payment_engine_token`)',
  apiKey: 'an API key (`X-Api-Key` or `Authorization: Bearer`)',
  integration: 'an API key (`X-Api-Key` or `Authorization: Bearer`) or the client token',
};

/** The operation's access rule in words, for its description. */
export const accessText = (permission: TPermission, token: TTokenKind, openTo: TFeatureArea[] = []) => {
  if (permission === 'PUBLIC') return '**Public**: no token needed.';
  if (permission === 'OPERATOR') return "**Operator**: the server's `METRICS_TOKEN`; no token of a business.";
  const needs = `**Token**: ${TOKEN_TEXT[token]}.`;
  if (permission === 'SIGNED_IN') return `${needs} **Permission**: \`SIGNED_IN\` (any active user).`;
  if (permission === 'ADMIN') return `${needs} **Permission**: \`ADMIN\` (the business's administrators).`;
  const [area, action] = permission.split(':') as [TFeatureArea, keyof typeof PERMISSION_ACTION_LABELS];
  const umbrella = AREA_UMBRELLA[area];
  const through = umbrella ? ` or of its umbrella ${FEATURE_AREA_LABELS[umbrella]} (\`${umbrella}\`)` : '';
  const parts = openTo.length
    ? ` The ${PERMISSION_ACTION_LABELS[action]} flag of ${openTo.map((part) => `\`${part}\``).join(' or ')} ` +
      'also opens it (where the records belong to one of them, only the records of that one).'
    : '';
  return (
    `${needs} **Permission**: \`${permission}\` (the ${PERMISSION_ACTION_LABELS[action]} flag of ` +
    `${FEATURE_AREA_LABELS[area]}${through}; administrators have every flag), and a plan that includes the area.` +
    parts
  );
};
