import { and, asc, eq, inArray } from 'drizzle-orm';
import { gradeResponse, isGradeProblem, type ResponseItem } from '@app/shared/compliances/responses';
import { complianceBodySchema, type ComplianceBodyInput, type StoredAsked } from '@app/shared/compliances/schemas';
import { localDate, safeTimeZone } from '@app/shared/compliances/validity';
import { newId } from '../../lib/ids';
import { withItemIds } from '../../modules/compliances/compliance-content';
import type { Executor } from '../../db/client';
import {
  complianceResponses,
  compliances,
  complianceVersions,
  entities,
  people,
  personUserTypes,
  userTypes,
} from '../../db/schema/index';

// The demo company's entry conditions: what visitors, contractors and deliveries are asked before they
// get in, with answers from some of the demo people. The journeys seed finds them by name.

const yesNo = (question: string, correct: 'Yes' | 'No') => ({
  question,
  answers: [
    { answer: 'Yes', correct: correct === 'Yes' },
    { answer: 'No', correct: correct === 'No' },
  ],
});

/** Each compliance as it is now; `earlier` are the versions it had before, oldest first. */
export const DEMO_COMPLIANCES: { now: ComplianceBodyInput; earlier?: ComplianceBodyInput[] }[] = [
  {
    now: {
      name: 'Health declaration',
      format: 'question',
      frequency: 'daily',
      settings: { send_before_minutes: 120, reminder_interval_minutes: 60 },
      content: {
        questions: [
          yesNo('Do you have a fever, a cough or shortness of breath today?', 'No'),
          yesNo('Have you been in close contact with someone with an infectious illness in the last 5 days?', 'No'),
          yesNo('Have you been told by a doctor or health authority to stay at home?', 'No'),
        ],
      },
    },
    earlier: [
      {
        name: 'Health declaration',
        format: 'question',
        frequency: 'daily',
        content: {
          questions: [
            yesNo('Do you have a fever or a cough today?', 'No'),
            yesNo('Have you been in contact with someone with COVID-19 in the last 14 days?', 'No'),
          ],
        },
      },
    ],
  },
  {
    now: {
      name: 'Non-disclosure agreement',
      format: 'agreement',
      frequency: 'once',
      content: {
        agreement_type: 'text',
        agreement_text: [
          'During my visit I may see or hear information that belongs to Demo Company or its clients: plans, designs, prices, client names and anything shown on screens or whiteboards.',
          'I agree to keep this information confidential, not to copy, photograph or record it, and not to pass it on to anyone outside Demo Company without written permission.',
          'This agreement continues after my visit ends.',
        ].join('\n\n'),
      },
    },
  },
  {
    now: {
      name: 'Site safety induction',
      format: 'question',
      frequency: 'until_expiry',
      validity_days: 365,
      settings: { send_before_minutes: 1440, reminder_interval_minutes: 240 },
      content: {
        questions: [
          {
            question: 'What do you do when the fire alarm sounds?',
            answers: [
              { answer: 'Finish what I am doing, then leave', correct: false },
              { answer: 'Leave by the nearest exit and go to the assembly point', correct: true },
              { answer: 'Wait at my desk for instructions', correct: false },
            ],
          },
          {
            question: 'Where must high-visibility vests be worn?',
            answers: [
              { answer: 'In the loading dock and the warehouse', correct: true },
              { answer: 'Only outside the building', correct: false },
              { answer: 'Nowhere, they are optional', correct: false },
            ],
          },
          {
            question: 'Who do you report an accident or a near miss to?',
            answers: [
              { answer: 'My host or the reception desk, straight away', correct: true },
              { answer: 'Nobody, if no one was hurt', correct: false },
            ],
          },
        ],
      },
    },
  },
  {
    now: {
      name: 'PPE statement',
      format: 'statement',
      frequency: 'every_time',
      content: {
        statement:
          'I will wear the personal protective equipment required in each area I enter (safety shoes, high-visibility vest and, where signed, a hard hat and hearing protection) and I will follow the instructions of site staff.',
      },
    },
  },
  {
    now: {
      name: 'COVID-19 vaccination or PCR',
      format: 'vaccine',
      frequency: 'until_expiry',
      validity_days: 180,
      content: {
        protocols: ['comirnaty', 'spikevax', 'vaxzevria', 'jcovden', 'nuvaxovid'],
        accept_negative_pcr: true,
        pcr_valid_days: 3,
      },
    },
  },
];

/** Mulberry32 with its own seed, so the demo answers are the same on every fresh start. */
function generator(seed: number) {
  let a = seed;
  const next = () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { next, int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)) };
}

const HOUR = 60 * 60 * 1000;

const JUSTIFICATIONS = [
  'Hay fever, seen by the site nurse this morning.',
  'Recovered last week, doctor cleared me to work.',
];

export async function seedDemoCompliances(tx: Executor, entityId: string): Promise<void> {
  const [entity] = await tx.select({ timezone: entities.timezone }).from(entities).where(eq(entities.id, entityId));
  const timeZone = safeTimeZone(entity?.timezone);
  const created = new Map<string, { id: string; versions: StoredAsked[] }>();
  for (const { now, earlier = [] } of DEMO_COMPLIANCES) {
    // Every version passes the same checks as a body sent by the form.
    const versions = [...earlier, now].map((body) => withItemIds(complianceBodySchema.parse(body)));
    const current = versions.at(-1)!;
    const settings = complianceBodySchema.parse(now).settings;
    const id = newId();
    const columns = (asked: StoredAsked) => ({
      name: asked.name,
      format: asked.format,
      frequency: asked.frequency,
      validityDays: asked.validity_days,
    });
    await tx.insert(compliances).values({
      entityId,
      id,
      ...columns(current),
      content: { ...current.content, settings },
      version: versions.length,
    });
    await tx.insert(complianceVersions).values(
      versions.map((asked, i) => ({
        entityId,
        complianceId: id,
        version: i + 1,
        ...columns(asked),
        content: asked.content,
      })),
    );
    created.set(current.name, { id, versions });
  }

  // Answers from the visitors, contractors and deliveries of the demo, over the last few weeks.
  const persons = await tx
    .select({ id: people.id, type: userTypes.name, userTypeId: userTypes.id })
    .from(people)
    .innerJoin(
      personUserTypes,
      and(eq(personUserTypes.entityId, people.entityId), eq(personUserTypes.personId, people.id)),
    )
    .innerJoin(
      userTypes,
      and(eq(userTypes.entityId, personUserTypes.entityId), eq(userTypes.id, personUserTypes.userTypeId)),
    )
    .where(and(eq(people.entityId, entityId), inArray(userTypes.name, ['Visitors', 'Contractors', 'Delivery'])))
    .orderBy(asc(people.id));

  const rnd = generator(20260412);
  const started = Date.now();
  const rows: (typeof complianceResponses.$inferInsert)[] = [];
  const answer = (
    person: (typeof persons)[number],
    name: string,
    versionIndex: number,
    item: (asked: StoredAsked) => Omit<ResponseItem, 'compliance_id'>,
    hoursAgo: number,
  ) => {
    const compliance = created.get(name)!;
    const asked = compliance.versions[versionIndex]!;
    const answeredAt = new Date(started - hoursAgo * HOUR);
    const given = item(asked);
    const graded = gradeResponse(asked, given, answeredAt, timeZone);
    if (isGradeProblem(graded)) throw new Error(`demo answer to ${name} refused: ${graded.messageKey}`);
    rows.push({
      entityId,
      id: newId(answeredAt.getTime()),
      personId: person.id,
      complianceId: compliance.id,
      complianceVersion: versionIndex + 1,
      userTypeId: person.userTypeId,
      answers: graded.answers,
      notes: given.notes ?? null,
      status: graded.status,
      isCompleted: true,
      isWrong: graded.isWrong,
      answeredAt,
      validUntil: graded.validUntil,
    });
  };
  /** Each question answered with its correct answer, or one question wrong. */
  const questions =
    (wrongAt: number | null, notes: string | null = null) =>
    (asked: StoredAsked) => {
      if (asked.format !== 'question') throw new Error('not a question compliance');
      return {
        notes,
        answers: asked.content.questions.map((q, i) => ({
          question_id: q.id,
          answer_id: (q.answers.find((a) => a.correct !== (i === wrongAt)) ?? q.answers[0]!).id,
        })),
      };
    };

  const seen = new Set<string>();
  for (const person of persons) {
    if (seen.has(person.id) || rnd.next() < 0.35) continue;
    seen.add(person.id);
    const roll = rnd.next();
    // Health declarations: older ones answered the first version.
    const hoursAgo = rnd.int(1, 24 * 40);
    const healthVersion = hoursAgo > 24 * 21 ? 0 : 1;
    if (roll < 0.08) {
      const wrongNotes = rnd.next() < 0.5 ? JUSTIFICATIONS[rnd.int(0, 1)]! : 'Feeling fine';
      answer(person, 'Health declaration', healthVersion, questions(0, wrongNotes), hoursAgo);
    } else {
      answer(person, 'Health declaration', healthVersion, questions(null), hoursAgo);
    }
    if (person.type === 'Contractors') {
      answer(person, 'Non-disclosure agreement', 0, () => ({ accepted: true }), hoursAgo + 1);
      const passed = rnd.next() > 0.1;
      answer(person, 'Site safety induction', 0, questions(passed ? null : 1), hoursAgo + 2);
    }
    if (person.type === 'Delivery') answer(person, 'PPE statement', 0, () => ({ accepted: true }), hoursAgo);
    if (person.type === 'Visitors' && rnd.next() < 0.3) {
      const daysAgo = rnd.int(0, 2);
      const day = localDate(new Date(started - hoursAgo * HOUR - daysAgo * 24 * HOUR), timeZone);
      const sample = [day.year, day.month, day.day].map((n) => String(n).padStart(2, '0')).join('-');
      answer(
        person,
        'COVID-19 vaccination or PCR',
        0,
        () =>
          rnd.next() < 0.7
            ? {
                document: {
                  type: 'vaccine',
                  protocol: 'comirnaty',
                  result: null,
                  date: '2023-10-15',
                  expiry_date: null,
                },
              }
            : { document: { type: 'test', protocol: null, result: 'negative', date: sample, expiry_date: null } },
        hoursAgo,
      );
    }
  }
  for (let i = 0; i < rows.length; i += 200) await tx.insert(complianceResponses).values(rows.slice(i, i + 200));
}
