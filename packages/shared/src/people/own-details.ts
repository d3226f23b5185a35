// A person's own details, edited by themselves (spec §7 POST /update-user-details): the name the
// company knows them by, their phone and the organisation they come from. Email, role, sites and user
// types stay with the people managers.
import { z } from 'zod';
import { personBodyObject } from './schemas';

export const ownDetailsBodySchema = personBodyObject
  .pick({ first_name: true, last_name: true, phone_code: true, phone: true, company_name: true })
  .superRefine((body, ctx) => {
    if (body.phone && !body.phone_code)
      ctx.addIssue({ code: 'custom', path: ['phone_code'], message: 'phone_code_required' });
  });
export type OwnDetailsBody = z.input<typeof ownDetailsBodySchema>;
export type OwnDetailsBodyParsed = z.output<typeof ownDetailsBodySchema>;

export const ownDetailsSchema = z.object({
  person_id: z.uuid(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string().nullable(),
  phone_code: z.string().nullable(),
  phone: z.string().nullable(),
  company_name: z.string().nullable(),
});
export type OwnDetails = z.infer<typeof ownDetailsSchema>;
