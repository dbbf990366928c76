import type { TSegment, TSessionUser } from '@laurel/contract';

type TRulesUser = Pick<TSessionUser, 'role' | 'user_permissions'> | null | undefined;
type TAction = 'create' | 'update' | 'delete';

/** SEGMENTS flags (spec 2 §6); an admin holds every flag. The server enforces the same. */
const may = (user: TRulesUser, action: TAction) =>
  user?.role === 'ADMIN' || user?.user_permissions.SEGMENTS?.[action] === true;

export const mayCreateSegments = (user: TRulesUser) => may(user, 'create');
export const mayUpdateSegments = (user: TRulesUser) => may(user, 'update');

/** System segments are the engine's (DESIGN §4): never changed or deleted. */
export const canDelete = (user: TRulesUser, segment: Pick<TSegment, 'system'>) =>
  !segment.system && may(user, 'delete');
