import {
  DEFAULT_LAYOUT,
  layoutPrefsSchema,
  type EntitySummary,
  type LoginResult,
  type UserDetails,
} from '@app/shared/auth/schemas';
import { isLanguage } from '@app/shared/constants';
import type { AccessContext, EntityRecord } from '../access/access.types';
import type { UserRow } from './users.repository';

export function toEntitySummary(entity: EntityRecord): EntitySummary {
  return {
    id: entity.id,
    name: entity.name,
    subdomain: entity.subdomain,
    logo: entity.logo,
    package: entity.package,
    plan: entity.plan,
    subscription: entity.subscription,
    two_step_enabled: entity.twoStepEnabled,
    otp_roles: entity.otpRoles,
  };
}

export function toUserDetails(user: UserRow, access: AccessContext): UserDetails {
  const layout = layoutPrefsSchema.safeParse(user.layout);
  return {
    id: access.actor.kind === 'user' ? access.actor.membershipId : user.id,
    user_id: user.id,
    person_id: access.actor.kind === 'user' ? access.actor.personId : null,
    fullName:
      (access.actor.kind === 'user' && access.actor.personName) ||
      `${user.firstName} ${user.lastName}`.trim() ||
      user.email,
    email: user.email,
    role_id: access.role?.id ?? '',
    is_owner: access.actor.kind === 'user' && access.actor.isOwner,
    is_otp_enabled: user.otpEnabled,
    passport_id: user.passportId,
    image: user.image,
    lang: isLanguage(user.lang) ? user.lang : 'en',
    is_support: user.isSupport,
    is_platform_admin: user.isPlatformAdmin,
    layout: layout.success ? layout.data : DEFAULT_LAYOUT,
  };
}

/** Spec §3 "Login result": who, with which role and permissions, on which plan, in which company. */
export function toLoginResult(user: UserRow, access: AccessContext, csrfToken: string): LoginResult {
  return {
    status: 'ok',
    user: toUserDetails(user, access),
    role: { id: access.role!.id, name: access.role!.name, key: access.role!.key },
    permissions: access.permissions,
    plan: access.entity.plan,
    entity: toEntitySummary(access.entity),
    otp_enrolment_required: access.otpEnrolmentRequired,
    csrf_token: csrfToken,
  };
}
