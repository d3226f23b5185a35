import {
  boolean,
  foreignKey,
  index,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { entities, users } from './global';

// Tenant tables: every row belongs to one entity. Primary keys are (entity_id, id) and foreign keys
// to other tenant tables are composite, so a row can never point into another entity.

export const roles = pgTable(
  'roles',
  {
    entityId: uuid('entity_id')
      .notNull()
      .references(() => entities.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull(),
    name: text('name').notNull(),
    key: text('key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.entityId, t.id] }), uniqueIndex('roles_entity_name_key').on(t.entityId, t.name)],
);

export const rolePermissions = pgTable(
  'role_permissions',
  {
    entityId: uuid('entity_id').notNull(),
    roleId: uuid('role_id').notNull(),
    permission: text('permission').notNull(),
    allowed: smallint('allowed').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.entityId, t.roleId, t.permission] }),
    foreignKey({ columns: [t.entityId, t.roleId], foreignColumns: [roles.entityId, roles.id] }).onDelete('cascade'),
  ],
);

export const memberships = pgTable(
  'memberships',
  {
    entityId: uuid('entity_id')
      .notNull()
      .references(() => entities.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    roleId: uuid('role_id').notNull(),
    isOwner: boolean('is_owner').notNull().default(false),
    status: text('status').notNull().default('active'),
    /** all: every site of the company; assigned: only the sites in membership_sites. */
    siteScope: text('site_scope').notNull().default('all'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.entityId, t.id] }),
    uniqueIndex('memberships_entity_user_key').on(t.entityId, t.userId),
    index('memberships_user_idx').on(t.userId),
    foreignKey({ columns: [t.entityId, t.roleId], foreignColumns: [roles.entityId, roles.id] }),
  ],
);

export const auditLog = pgTable(
  'audit_log',
  {
    entityId: uuid('entity_id')
      .notNull()
      .references(() => entities.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull(),
    actorUserId: uuid('actor_user_id'),
    actorKind: text('actor_kind').notNull().default('user'),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.entityId, t.id] }),
    index('audit_log_entity_created_idx').on(t.entityId, t.createdAt),
    // The viewer's filters by who did it and by what it changed, newest first within the company.
    index('audit_log_entity_actor_created_idx').on(t.entityId, t.actorUserId, t.createdAt),
    index('audit_log_entity_target_created_idx').on(t.entityId, t.targetType, t.targetId, t.createdAt),
  ],
);

/** Tables guarded by row-level security on app.entity_id (see the rls migration). */
export const TENANT_TABLES = ['roles', 'role_permissions', 'memberships', 'audit_log'] as const;
