// The roles every company starts with (spec §6) have names in each language; a role a company named
// itself keeps its own name. Every grid, select and label shows roles through this.
import { ROLE_KEYS, ROLE_NAMES, type RoleKey } from '@app/shared/access/roles';

type Translate = (key: string) => string;

/** The starting role a name is (compared in lower case), if it is one. */
export function startingRoleKey(name: string, key?: string | null): RoleKey | null {
  if (key && (ROLE_KEYS as readonly string[]).includes(key) && ROLE_NAMES[key as RoleKey] === name)
    return key as RoleKey;
  const lower = name.trim().toLowerCase();
  return ROLE_KEYS.find((k) => ROLE_NAMES[k].toLowerCase() === lower) ?? null;
}

/** A role's name in the reader's language: translated for a starting role, as named otherwise. */
export function roleName(role: { name: string; key?: string | null }, t: Translate): string {
  const key = startingRoleKey(role.name, role.key);
  return key ? t(`common:roles.${key}`) : role.name;
}
