import { z } from 'zod';

/** What the server tells every visitor before sign-in. */
export const publicConfigSchema = z.object({
  provider_name: z.string(),
  tracking_code: z.string().nullable(),
  base_domain: z.string(),
  support_email: z.string(),
  app_url: z.string(),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;
