/** Query keys shared across areas; an area's own keys live in its `api.ts`. */
export const queryKeys = {
  client: (clientId: string) => ['client', clientId] as const,
  /** Plans on offer and the current plan: the plan page and the settings page read it. */
  billing: (clientId: string) => ['billing', clientId] as const,
  branding: ['branding'] as const,
  termsAndConditions: ['terms-and-conditions'] as const,
};
