import { and, eq } from 'drizzle-orm';
import {
  checkCustomFieldValue,
  optionsForType,
  type CustomFieldBinding,
  type CustomFieldOptions,
  type CustomFieldType,
} from '@app/shared/custom-fields/schemas';
import { newId } from '../../lib/ids';
import type { Executor } from '../../db/client';
import {
  customFieldSectionUserTypes,
  customFieldSections,
  customFields,
  people,
  personFieldValues,
  personUserTypes,
  userTypes,
} from '../../db/schema/index';

// The demo company's custom fields: what its front desk asks visitors and keeps about staff, with
// values for the demo people of each kind. A fixed seed keeps the demo the same on every fresh start.

type DemoField = {
  name: string;
  type: CustomFieldType;
  binding?: CustomFieldBinding;
  options?: CustomFieldOptions;
  required?: boolean;
  badge?: boolean;
};

const PURPOSES = ['Meeting', 'Interview', 'Delivery', 'Maintenance', 'Training'];
const DIETS = ['Vegetarian', 'Vegan', 'Halal', 'Gluten free', 'Nut allergy'];
const SIZES = ['XS', 'S', 'M', 'L', 'XL', 'XXL'];

/** Whose public forms ask a section's profile fields: staff types, the other types, or every type. */
type AskedOf = 'staff' | 'others';

export const DEMO_CUSTOM_FIELD_SECTIONS: { name: string; askedOf?: AskedOf; fields: DemoField[] }[] = [
  {
    name: 'Visitor details',
    askedOf: 'others',
    fields: [
      { name: 'Vehicle plate', type: 'text', badge: true },
      { name: 'Employer', type: 'text', badge: true },
      { name: 'NDA signed', type: 'toggleButton' },
      { name: 'Visit purpose', type: 'radioButtons', options: { choices: PURPOSES }, badge: true },
      { name: 'Dietary needs', type: 'checkboxes', options: { choices: DIETS } },
    ],
  },
  {
    name: 'Staff',
    askedOf: 'staff',
    fields: [
      { name: 'T-shirt size', type: 'radioButtons', options: { choices: SIZES } },
      { name: 'Start date', type: 'date' },
      { name: 'Parking bay', type: 'number' },
    ],
  },
  {
    name: 'Visit feedback',
    fields: [
      { name: 'How was your visit?', type: 'smileys', binding: 'sign_out' },
      { name: 'Host was on time', type: 'toggleButton', binding: 'sign_out' },
    ],
  },
];

/** Mulberry32, as the demo people use, with its own seed. */
function generator(seed: number) {
  let a = seed;
  const next = () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!;
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  return { next, pick, int };
}

const PLATE_LETTERS = ['A', 'B', 'C', 'D', 'F', 'K', 'M', 'P', 'R', 'T'];
const STAFF_TYPES = new Set(['Staff', 'Interns']);

/** A visitor's company, from the demo people's e-mail domains ("northwind.example" → "Northwind"). */
const companyOf = (email: string | null) => {
  const domain = email?.split('@')[1]?.split('.')[0];
  return domain ? domain.charAt(0).toUpperCase() + domain.slice(1) : null;
};

export async function seedDemoCustomFields(tx: Executor, entityId: string) {
  const rnd = generator(20261123);
  const ids = new Map<string, { id: string; type: CustomFieldType; options: CustomFieldOptions }>();
  const types = await tx
    .select({ id: userTypes.id, name: userTypes.name })
    .from(userTypes)
    .where(eq(userTypes.entityId, entityId));
  for (const [position, section] of DEMO_CUSTOM_FIELD_SECTIONS.entries()) {
    const sectionId = newId();
    await tx.insert(customFieldSections).values({ entityId, id: sectionId, name: section.name, position });
    const bound = section.askedOf ? types.filter((x) => STAFF_TYPES.has(x.name) === (section.askedOf === 'staff')) : [];
    if (bound.length) {
      await tx
        .insert(customFieldSectionUserTypes)
        .values(bound.map((x) => ({ entityId, sectionId, userTypeId: x.id })));
    }
    const rows = section.fields.map((f, i) => {
      const options = optionsForType(f.type, f.options ?? {});
      const id = newId();
      ids.set(f.name, { id, type: f.type, options });
      return {
        entityId,
        id,
        sectionId,
        name: f.name,
        type: f.type,
        binding: f.binding ?? 'profile',
        options,
        required: f.required ?? false,
        printOnBadge: f.badge ?? false,
        position: i,
      };
    });
    await tx.insert(customFields).values(rows);
  }

  // Each person with the first user type found for them; the kind decides which fields they answer.
  const persons = await tx
    .select({ id: people.id, email: people.email, type: userTypes.name })
    .from(people)
    .innerJoin(
      personUserTypes,
      and(eq(personUserTypes.entityId, people.entityId), eq(personUserTypes.personId, people.id)),
    )
    .innerJoin(
      userTypes,
      and(eq(userTypes.entityId, personUserTypes.entityId), eq(userTypes.id, personUserTypes.userTypeId)),
    )
    .where(eq(people.entityId, entityId))
    .orderBy(people.id);

  const values: (typeof personFieldValues.$inferInsert)[] = [];
  const seen = new Set<string>();
  const put = (personId: string, fieldName: string, raw: unknown) => {
    const field = ids.get(fieldName)!;
    // Every demo value passes the same check as a value sent by a form.
    const checked = checkCustomFieldValue(field, raw);
    if (!checked.ok) throw new Error(`demo value for ${fieldName} refused: ${checked.error}`);
    if (checked.value !== null) values.push({ entityId, personId, fieldId: field.id, value: checked.value });
  };
  for (const person of persons) {
    if (seen.has(person.id)) continue;
    seen.add(person.id);
    if (STAFF_TYPES.has(person.type)) {
      if (rnd.next() < 0.8) put(person.id, 'T-shirt size', rnd.pick(SIZES));
      const year = person.type === 'Interns' ? 2026 : rnd.int(2012, 2025);
      const month = person.type === 'Interns' ? rnd.int(1, 3) : rnd.int(1, 12);
      put(
        person.id,
        'Start date',
        `${year}-${String(month).padStart(2, '0')}-${String(rnd.int(1, 28)).padStart(2, '0')}`,
      );
      if (rnd.next() < 0.3) put(person.id, 'Parking bay', rnd.int(1, 240));
    } else {
      put(person.id, 'Employer', companyOf(person.email));
      if (person.type !== 'Delivery' && rnd.next() < 0.45) {
        put(person.id, 'Vehicle plate', `${rnd.pick(PLATE_LETTERS)} ${rnd.int(10000, 99999)}`);
      }
      put(person.id, 'NDA signed', person.type === 'Contractors' ? 1 : rnd.next() < 0.3 ? 1 : 0);
      const purpose =
        person.type === 'Delivery' ? 'Delivery' : person.type === 'Contractors' ? 'Maintenance' : rnd.pick(PURPOSES);
      put(person.id, 'Visit purpose', purpose);
      if (person.type !== 'Delivery' && rnd.next() < 0.35) {
        put(
          person.id,
          'Dietary needs',
          DIETS.filter(() => rnd.next() < 0.3),
        );
      }
    }
  }
  for (let i = 0; i < values.length; i += 200) await tx.insert(personFieldValues).values(values.slice(i, i + 200));
}
