import {
  isAnyAllowed,
  permissionMapOf,
  STANDALONE_PERMISSIONS,
  STANDALONE_SUPPORT_PERMISSIONS,
  type Permission,
} from '@app/shared/access/permissions';
import type { AccessContext } from './access.types';

// What an actor may use now: the role's allowed flags, narrowed on a Standalone company to what that
// package offers (spec §6). The route check and the sockets' rooms apply the same rule.

const STANDALONE_MAP = permissionMapOf(STANDALONE_PERMISSIONS);
const STANDALONE_SUPPORT_MAP = permissionMapOf(STANDALONE_SUPPORT_PERMISSIONS);

/** Whether the company's package offers a permission (of a list, any one) to this actor. */
export function packageAllows(access: AccessContext, needed: Permission | readonly Permission[]): boolean {
  if (access.entity.package !== 'Standalone') return true;
  const support = access.actor.kind === 'user' && access.actor.isSupport;
  return isAnyAllowed(support ? STANDALONE_SUPPORT_MAP : STANDALONE_MAP, needed);
}

/** Whether the actor holds a permission (of a list, any one) and the package offers it. */
export const mayUse = (access: AccessContext, needed: Permission | readonly Permission[]): boolean =>
  isAnyAllowed(access.permissions, needed) && packageAllows(access, needed);
