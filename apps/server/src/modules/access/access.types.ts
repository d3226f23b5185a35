import type { Permission, PermissionMap } from '@app/shared/access/permissions';
import type { PackageName, PlanId } from '@app/shared/constants';

export type EntityRecord = {
  id: string;
  name: string;
  subdomain: string | null;
  logo: string | null;
  package: PackageName;
  plan: PlanId;
  subscription: 'cloud' | 'standalone';
  ownerId: string | null;
  twoStepEnabled: boolean;
  otpRoles: string[];
  timezone: string;
};

/** Who is acting, in which company, allowed to do what. Every service method takes one. */
export type AccessContext = {
  entityId: string;
  entity: EntityRecord;
  actor:
    | {
        kind: 'user';
        userId: string;
        membershipId: string;
        /** The member's own person in the company (null only for platform work without one). */
        personId: string | null;
        /** That person's name: what the company calls the member (null without a person). */
        personName: string | null;
        isOwner: boolean;
        isSupport: boolean;
      }
    | { kind: 'client' }
    /** A registered kiosk acting at its own area with its device token (no person signed in). */
    | { kind: 'kiosk'; kioskId: string }
    /** A person acting on their own visits from their passport (sign-in on site, decision 047). */
    | { kind: 'passport'; personId: string }
    /** A directory integration's run or SCIM request writing the people it keeps in step (decision 048). */
    | { kind: 'directory'; integrationId: string }
    /** A visit's host approving or rejecting it through the single-use link of a chat message (issue 29). */
    | { kind: 'host_link'; personId: string; linkId: string };
  role: { id: string; name: string; key: string | null } | null;
  permissions: PermissionMap;
  otpEnrolmentRequired: boolean;
  /** The sites this actor may see and act on; null means every site of the company (spec §6). */
  siteIds: string[] | null;
  /** The user types (with their descendants) this actor may see and act on; null means all. */
  userTypeIds: string[] | null;
};

export type { Permission };
