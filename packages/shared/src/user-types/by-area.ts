// GET /user-types/by-area/{areaId} (spec §7 GET /user-types/area/{id}): the user types that can be
// signed in at an area — those with a flow in a journey covering the area's site — each with its flows.
import { z } from 'zod';

export const areaUserTypeSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  flows: z.array(z.object({ flow_id: z.uuid(), journey_id: z.uuid(), journey_name: z.string() })),
});
export type AreaUserType = z.infer<typeof areaUserTypeSchema>;

export const areaUserTypesSchema = z.object({
  area: z.object({
    id: z.uuid(),
    name: z.string(),
    site_id: z.uuid(),
    login_mode: z.enum(['signIn_signOut', 'checkIn_only']),
  }),
  data: z.array(areaUserTypeSchema),
});
export type AreaUserTypes = z.infer<typeof areaUserTypesSchema>;

export const areaIdParam = z.object({ areaId: z.uuid() });
