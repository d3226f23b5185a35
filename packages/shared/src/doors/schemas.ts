import { z } from 'zod';

// Doors (spec §3 Area: "kiosks or doors"; §8 "Door Added"): the entrances of an area. A door may be
// opened by the relay of one of the area's kiosks (kiosk setting "door relay", spec §9 modes 0/1/2).

export const DOOR_NAME_MAX = 50;

export const doorBodySchema = z.object({
  area_id: z.uuid(),
  name: z.string().trim().min(1).max(DOOR_NAME_MAX),
  /** A kiosk of the same area whose relay opens the door; null or left out: no kiosk opens it. */
  kiosk_id: z.uuid().nullable().default(null),
});
export type DoorBody = z.input<typeof doorBodySchema>;

export const updateDoorBodySchema = doorBodySchema.omit({ area_id: true });
export type UpdateDoorBody = z.input<typeof updateDoorBodySchema>;

export const doorSchema = z.object({
  id: z.uuid(),
  area_id: z.uuid(),
  name: z.string(),
  kiosk: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  created_at: z.string(),
});
export type Door = z.infer<typeof doorSchema>;

export const listDoorsQuerySchema = z.object({ area_id: z.uuid().optional(), site_id: z.uuid().optional() });
