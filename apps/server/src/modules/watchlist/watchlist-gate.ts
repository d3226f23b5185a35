// Screening at a way in (decision 051): the people an action concerns are screened in its transaction;
// a stop becomes the action's refusal; what screening found is recorded (with the action when it went
// ahead, in a transaction of its own when it was refused) and mailed to the chosen people afterwards.
import type { FastifyInstance } from 'fastify';
import type { ScreeningWay } from '@app/shared/watchlist/schemas';
import type { Executor } from '../../db/client';
import type { AccessContext } from '../access/access.types';
import { companyZone } from '../access/company-zone';
import { inTenant } from '../access/in-tenant';
import { writeAudits } from '../audit/audit.repository';
import type { PersonRecord } from '../people/people.repository';
import { mailScreenings } from './watchlist-mails';
import { personSubject, recordVerdicts, screen, screeningAudits, type Recorded, type Verdict } from './watchlist-screening';

const WAYS: Record<AccessContext['actor']['kind'], ScreeningWay> = {
  user: 'desk',
  client: 'api',
  kiosk: 'kiosk',
  passport: 'passport',
  directory: 'import',
};
export const wayOf = (ctx: AccessContext): ScreeningWay => WAYS[ctx.actor.kind];

/** One action's screening: verdicts by person, and what to record and mail once the action is settled. */
export class Screening {
  private verdicts: Verdict[] = [];
  private recorded: Recorded[] = [];
  constructor(
    private readonly app: FastifyInstance,
    private readonly ctx: AccessContext,
    readonly way: ScreeningWay,
  ) {}

  /** Screens these people (in the action's transaction); their verdicts by person id. */
  async people(tx: Executor, persons: readonly PersonRecord[], now: Date): Promise<Map<string, Verdict>> {
    this.verdicts = await screen(tx, this.ctx.entityId, persons.map(personSubject), now);
    return new Map(this.verdicts.map((v) => [v.subject.personId!, v]));
  }

  /** Records, in the action's transaction, what screening found now that the action goes ahead. */
  async wentAhead(tx: Executor, now: Date) {
    this.recorded = await recordVerdicts(tx, this.ctx.entityId, this.way, this.verdicts, { wentAhead: true, now });
    await writeAudits(tx, this.ctx, screeningAudits(this.recorded));
  }

  /** Records, in a transaction of its own, the stops of an action refused. */
  async refused(now: Date) {
    if (!this.verdicts.some((v) => v.stop && !v.stop.pending)) return;
    this.recorded = await inTenant(this.app, this.ctx, async (tx) => {
      const recorded = await recordVerdicts(tx, this.ctx.entityId, this.way, this.verdicts, { wentAhead: false, now });
      await writeAudits(tx, this.ctx, screeningAudits(recorded));
      return recorded;
    });
  }

  /** Mails what was recorded; after the transaction has committed. */
  async mail(now: Date) {
    const recorded = this.recorded;
    this.recorded = [];
    this.verdicts = [];
    await mailScreenings(
      this.app,
      { id: this.ctx.entityId, name: this.ctx.entity.name, timezone: companyZone(this.ctx) },
      recorded,
      now,
    );
  }
}
