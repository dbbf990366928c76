/** Query keys shared across areas; an area's own keys live in its `api.ts`. */
export const queryKeys = {
  client: (clientId: string) => ['client', clientId] as const,
  termsAndConditions: ['terms-and-conditions'] as const,
};
