// Screening at a way in (decision 051): the people an action concerns are screened in its transaction;
// a stop becomes the action's refusal; what screening found is recorded (with the action when it went
// ahead, in a transaction of its own when it was refused) and mailed to the chosen people afterwards.
import type { FastifyInstance } from 'fastify';
import type { Language } from '@app/shared/constants';
import type { ScreeningWay } from '@app/shared/watchlist/schemas';
import { AppError } from '../../lib/app-error';
import { withTenant, type Executor } from '../../db/client';
import type { AccessContext } from '../access/access.types';
import { writeAudits } from '../audit/audit.repository';
import { writeLinkAudit } from '../pre-registration/pre-registration.repository';
import type { PersonRecord } from '../people/people.repository';
import { mailScreenings } from './watchlist-mails';
import {
  personSubject,
  recordVerdicts,
  screen,
  screeningAudits,
  stopIssue,
  type Recorded,
  type ScreenedSubject,
  type Verdict,
} from './watchlist-screening';

/** An action the watchlist stopped: a 422 naming the field, its screening recorded once the action is undone. */
export class WatchlistStop extends AppError {}

const WAYS: Record<AccessContext['actor']['kind'], ScreeningWay> = {
  user: 'desk',
  client: 'api',
  kiosk: 'kiosk',
  passport: 'passport',
  directory: 'import',
  // Approving a visit from a chat link screens it as the desk's approval does.
  host_link: 'desk',
};
export const wayOf = (ctx: AccessContext): ScreeningWay => WAYS[ctx.actor.kind];

/** One action's screening: verdicts by person, and what to record and mail once the action is settled. */
export class Screening {
  private verdicts: Verdict[] = [];
  private recorded: Recorded[] = [];
  private readonly entityId: string;
  /**
   * `ctx` is who acts; a string is the company of a public page's visitor (a link), who is told nothing
   * of the watchlist and whose screenings are audited as the link's.
   */
  constructor(
    private readonly app: FastifyInstance,
    private readonly ctx: AccessContext | string,
    readonly way: ScreeningWay,
  ) {
    this.entityId = typeof ctx === 'string' ? ctx : ctx.entityId;
  }

  private async audit(tx: Executor, recorded: readonly Recorded[]) {
    const entries = screeningAudits(recorded);
    if (typeof this.ctx !== 'string') return writeAudits(tx, this.ctx, entries);
    for (const e of entries) await writeLinkAudit(tx, this.entityId, e);
  }

  /** Screens these people (in the action's transaction); their verdicts by person id. */
  async people(tx: Executor, persons: readonly PersonRecord[], now: Date): Promise<Map<string, Verdict>> {
    await this.subjects(tx, persons.map(personSubject), now);
    return new Map(this.verdicts.map((v) => [v.subject.personId!, v]));
  }

  /** Screens these subjects (a person's record, or the details of someone not yet one). */
  async subjects(tx: Executor, subjects: readonly ScreenedSubject[], now: Date): Promise<Verdict[]> {
    this.verdicts = await screen(tx, this.entityId, subjects, now);
    return this.verdicts;
  }

  /** Throws the first stop as the action's refusal, naming `field`. */
  stopIfAny(field: string | undefined, lang: Language) {
    const stopped = this.verdicts.find((v) => v.stop);
    if (!stopped) return;
    const issue = stopIssue(typeof this.ctx === 'string' ? null : this.ctx, stopped, lang);
    throw new WatchlistStop('rule_violation', { field, messageKey: issue.key, vars: issue.vars });
  }

  /** The person a subject became once the action made them (a new visitor). */
  identify(index: number, personId: string) {
    const v = this.verdicts[index];
    if (v && !v.subject.personId) v.subject = { ...v.subject, personId };
  }

  /**
   * Runs an action that screens with this (and calls wentAhead in its transaction): a stop is recorded
   * and mailed once the action is undone; what went ahead is mailed once it committed.
   */
  async settle<T>(work: () => Promise<T>, now: Date): Promise<T> {
    try {
      const result = await work();
      await this.mail(now);
      return result;
    } catch (error) {
      if (error instanceof WatchlistStop) {
        await this.refused(now);
        await this.mail(now);
      }
      throw error;
    }
  }

  /** Records, in the action's transaction, what screening found now that the action goes ahead. */
  async wentAhead(tx: Executor, now: Date) {
    this.recorded = await recordVerdicts(tx, this.entityId, this.way, this.verdicts, { wentAhead: true, now });
    await this.audit(tx, this.recorded);
  }

  /** Records, in a transaction of its own, the stops of an action refused. */
  async refused(now: Date) {
    if (!this.verdicts.some((v) => v.stop && !v.stop.pending)) return;
    this.recorded = await withTenant(this.app.db.db, this.entityId, async (tx) => {
      const recorded = await recordVerdicts(tx, this.entityId, this.way, this.verdicts, { wentAhead: false, now });
      await this.audit(tx, recorded);
      return recorded;
    });
  }

  /** Mails what was recorded; after the transaction has committed. */
  async mail(now: Date) {
    const recorded = this.recorded;
    this.recorded = [];
    this.verdicts = [];
    await mailScreenings(this.app, this.entityId, recorded, now);
  }
}
