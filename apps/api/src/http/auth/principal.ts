import type {
  TClientStatus,
  TPlan,
  TPlanSubscriptionStatus,
  TStaffRole,
  TUserPermissions,
} from '@laurel/contract';

/** Who is calling: the signed-in staff user and their client, loaded fresh on every request. */
export type Principal = {
  userId: string;
  clientId: string;
  /** The staff session the request's token belongs to (none for an API key). */
  sessionId?: string;
  /** 'Name Surname', kept on audit entries. */
  name: string;
  role: TStaffRole;
  permissions: TUserPermissions;
  managerOf: string[];
  client: {
    status: TClientStatus;
    plan: TPlan | null;
    planStatus: TPlanSubscriptionStatus | null;
  };
};

declare module 'fastify' {
  interface FastifyRequest {
    principal: Principal | null;
  }
}
