import { z } from 'zod';
import { PACKAGES, PLAN_IDS, SUBSCRIPTIONS } from '../constants';
import { entitySummarySchema } from '../auth/schemas';
import { isTimeZone } from '../time-zones';

// Subdomain: a DNS label, lower case.
export const subdomainField = z
  .string()
  .trim()
  .toLowerCase()
  .min(2)
  .max(63)
  .regex(/^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/, { message: 'invalid_subdomain' });

export const RESERVED_SUBDOMAINS = ['www', 'api', 'app', 'admin', 'mail', 'passport', 'static', 'assets'] as const;

export const companyDetailsSchema = entitySummarySchema.extend({
  owner_id: z.uuid().nullable(),
  has_client_token: z.boolean(),
  client_token_hint: z.string().nullable(),
  client_token_created_at: z.string().nullable(),
  timezone: z.string(),
  roles: z.array(z.object({ id: z.uuid(), name: z.string() })),
});
export type CompanyDetails = z.infer<typeof companyDetailsSchema>;

export const updateCompanyBodySchema = z.object({
  name: z.string().trim().min(2).max(50),
  subdomain: subdomainField,
  /** The company's clock (an IANA name): "today", midnight sign-out, permits and dates on screens. */
  timezone: z.string().trim().max(64).refine(isTimeZone, { message: 'invalid_time_zone' }).optional(),
});
export const checkSubdomainQuerySchema = z.object({ subdomain: z.string().max(100), entity_id: z.uuid().optional() });
export const checkSubdomainResponseSchema = z.object({ available: z.boolean(), reason: z.string().optional() });

export const twoStepSettingsBodySchema = z.object({
  two_step_enabled: z.boolean(),
  otp_roles: z.array(z.uuid()).max(50),
});

export const clientTokenResponseSchema = z.object({ token: z.string(), hint: z.string(), created_at: z.string() });

export const changePackageBodySchema = z.object({
  package: z.enum(PACKAGES),
  plan: z.union(PLAN_IDS.map((p) => z.literal(p))),
  subscription: z.enum(SUBSCRIPTIONS).optional(),
});

export const publicEntitySchema = z.object({
  id: z.uuid(),
  name: z.string(),
  subdomain: z.string().nullable(),
  logo: z.string().nullable(),
  /** The company's own identity provider is on: the sign-in page offers it (company-sign-in). */
  identity_provider: z.boolean(),
});

export const platformEntityListItemSchema = entitySummarySchema.extend({ members: z.number().int() });

/** A platform administrator opens a company for a customer; its owner gets an email to set a password. */
export const createCompanyBodySchema = z.object({
  name: z.string().trim().min(2).max(50),
  subdomain: subdomainField,
  package: z.enum(PACKAGES),
  plan: z.union(PLAN_IDS.map((p) => z.literal(p))),
  owner: z.object({
    email: z
      .email()
      .max(254)
      .transform((v) => v.trim().toLowerCase()),
    first_name: z.string().trim().min(1).max(50),
    last_name: z.string().trim().min(1).max(50),
  }),
});
export type CreateCompanyBody = z.infer<typeof createCompanyBodySchema>;
