import { PERMISSIONS, type Permission } from '../access/permissions';
import { z } from 'zod';

export const roleSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  key: z.string().nullable(),
  permissions: z.record(z.string(), z.object({ allowed: z.union([z.literal(0), z.literal(1)]) })),
});
export type Role = z.infer<typeof roleSchema>;

export const memberSchema = z.object({
  id: z.uuid(),
  user_id: z.uuid(),
  fullName: z.string(),
  email: z.string(),
  role: z.object({ id: z.uuid(), name: z.string() }),
  is_owner: z.boolean(),
  is_otp_enabled: z.boolean(),
});
export type Member = z.infer<typeof memberSchema>;

export const changeMemberRoleBodySchema = z.object({ role_id: z.uuid() });
/** Allowed flags by permission name; a name outside the catalogue is refused, naming the field. */
export const updateRolePermissionsBodySchema = z.object({
  permissions: z.partialRecord(
    z.enum(PERMISSIONS as [Permission, ...Permission[]]),
    z.union([z.literal(0), z.literal(1)]),
  ),
});
