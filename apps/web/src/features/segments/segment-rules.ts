import { mayUse, type TSegment, type TSessionUser } from '@laurel/contract';

type TRulesUser = Pick<TSessionUser, 'role' | 'user_permissions'> | null | undefined;

/** SEGMENTS flags (spec 2 §6); an admin holds every flag. The server enforces the same. */
export const mayCreateSegments = (user: TRulesUser) => mayUse(user, 'SEGMENTS', 'create');
export const mayUpdateSegments = (user: TRulesUser) => mayUse(user, 'SEGMENTS', 'update');

/** System segments are the engine's (DESIGN §4): never changed or deleted. */
export const canDelete = (user: TRulesUser, segment: Pick<TSegment, 'system'>) =>
  !segment.system && mayUse(user, 'SEGMENTS', 'delete');
