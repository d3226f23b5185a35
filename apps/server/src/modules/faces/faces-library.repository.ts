import { sql } from 'drizzle-orm';
import { rowsOf, type Executor } from '../../db/client';

export type LibraryRow = { personId: string; firstName: string; sealed: string; createdAt: Date };

/**
 * The face IDs a kiosk may hold: of the active people of the user types (with their descendants) whose
 * consent is in force, by person.
 */
export async function faceLibraryOf(tx: Executor, entityId: string, userTypeIds: string[]): Promise<LibraryRow[]> {
  if (userTypeIds.length === 0) return [];
  const ids = sql`array[${sql.join(
    userTypeIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  )}]`;
  const rows = rowsOf<{ person_id: string; first_name: string; sealed: string; created_at: string | Date }>(
    await tx.execute(sql`
      with recursive types(id) as (
        select id from user_types where entity_id = ${entityId} and id = any(${ids})
        union
        select u.id from user_types u join types t on u.parent_id = t.id where u.entity_id = ${entityId}
      )
      select d.person_id, p.first_name, d.sealed, d.created_at
        from face_descriptors d
        join face_consents c on c.entity_id = d.entity_id and c.person_id = d.person_id and c.withdrawn_at is null
        join people p on p.entity_id = d.entity_id and p.id = d.person_id and p.status = 'active'
       where d.entity_id = ${entityId}
         and exists (select 1 from person_user_types put
                      where put.entity_id = d.entity_id and put.person_id = d.person_id
                        and put.user_type_id in (select id from types))
       order by d.person_id`),
  );
  return rows.map((r) => ({
    personId: r.person_id,
    firstName: r.first_name,
    sealed: r.sealed,
    createdAt: new Date(r.created_at),
  }));
}
