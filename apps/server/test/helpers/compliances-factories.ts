// Compliance bodies for the compliance tests, and journey rows written straight into the tables (the
// journeys screens are built elsewhere; deleting a compliance only reads them).
import { expect } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { withTenant, type Executor } from '../../src/db/client';
import { journeyFlowCompliances, journeyFlows, journeys, userTypes } from '../../src/db/schema/index';
import type { CreatedEntity } from '../../src/seed/factories';
import { newId } from '../../src/lib/ids';
import type { TestClient } from './http-client';

type Body = Record<string, unknown>;

export const questionBody = (name: string, over: Body = {}): Body => ({
  name,
  format: 'question',
  frequency: 'daily',
  content: {
    questions: [
      {
        question: 'Do you have a fever or a cough today?',
        answers: [
          { answer: 'Yes', correct: false },
          { answer: 'No', correct: true },
        ],
      },
      {
        question: 'Have you been told to self-isolate?',
        answers: [
          { answer: 'Yes', correct: false },
          { answer: 'No', correct: true },
        ],
      },
    ],
  },
  ...over,
});

export const agreementTextBody = (name: string, over: Body = {}): Body => ({
  name,
  format: 'agreement',
  frequency: 'once',
  content: { agreement_type: 'text', agreement_text: 'I will keep everything I see on site confidential.' },
  ...over,
});

export const statementBody = (name: string, over: Body = {}): Body => ({
  name,
  format: 'statement',
  frequency: 'every_time',
  content: { statement: 'I will wear the protective equipment the site requires.' },
  ...over,
});

export const vaccineBody = (name: string, over: Body = {}): Body => ({
  name,
  format: 'vaccine',
  frequency: 'once',
  content: { protocols: ['comirnaty', 'spikevax'], accept_negative_pcr: true, pcr_valid_days: 3 },
  ...over,
});

export type CreatedCompliance = {
  id: string;
  name: string;
  version: number;
  format: string;
  content: {
    questions?: { id: string; question: string; answers: { id: string; answer: string; correct: boolean }[] }[];
  };
};

export async function addCompliance(client: TestClient, body: Body): Promise<CreatedCompliance> {
  const res = await client.post('/compliances', body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<CreatedCompliance>();
}

/** A journey whose flow (for a new user type) asks the given compliances. */
export async function insertJourneyAsking(db: Executor, entity: CreatedEntity, name: string, complianceIds: string[]) {
  return withTenant(db, entity.id, async (tx) => {
    const journeyId = newId();
    const userTypeId = newId();
    const flowId = newId();
    await tx.insert(journeys).values({ entityId: entity.id, id: journeyId, name });
    await tx.insert(userTypes).values({
      entityId: entity.id,
      id: userTypeId,
      name: `Type for ${name}`,
      registrationMethod: 'registration_allowed',
      gracePeriodMinutes: 30,
      qrCode: newId().slice(-12),
    });
    await tx.insert(journeyFlows).values({ entityId: entity.id, id: flowId, journeyId, userTypeId, settings: {} });
    for (const complianceId of complianceIds) {
      await tx.insert(journeyFlowCompliances).values({ entityId: entity.id, flowId, complianceId });
    }
    return { journeyId, flowId };
  });
}

export async function removeJourney(db: Executor, entity: CreatedEntity, journeyId: string) {
  await withTenant(db, entity.id, async (tx) => {
    await tx.delete(journeys).where(and(eq(journeys.entityId, entity.id), eq(journeys.id, journeyId)));
  });
}

/** A small but real PDF. */
export const makePdf = (text = 'Non-disclosure agreement'): Buffer =>
  Buffer.from(
    `%PDF-1.4\n1 0 obj <</Type /Catalog /Pages 2 0 R>> endobj\n2 0 obj <</Type /Pages /Kids [3 0 R] /Count 1>> endobj\n3 0 obj <</Type /Page /Parent 2 0 R /MediaBox [0 0 612 792]>> endobj\n% ${text}\ntrailer <</Root 1 0 R>>\n%%EOF\n`,
    'latin1',
  );
