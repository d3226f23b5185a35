// Screening a person against the company's watchlist (issue 29, decision 051). Candidates come from the
// trigram indexes and the contact keys; matchEntry decides and explains each; "not a match" pairs are
// skipped and an approved review lets its person through until it ends. What came of it is recorded in
// the caller's transaction (or, for a refused action, a transaction of its own) and mailed after.
import type { Language } from '@app/shared/constants';
import { isAllowed } from '@app/shared/access/permissions';
import { matchEntry, type MatchReason, type Subject } from '@app/shared/watchlist/match';
import { emailKey, nameKeys, phoneKey } from '@app/shared/watchlist/name-keys';
import type { ScreeningWay, WatchlistLevel } from '@app/shared/watchlist/schemas';
import { DEFAULT_WATCHLIST_SETTINGS } from '@app/shared/watchlist/schemas';
import type { Executor } from '../../db/client';
import { t } from '../../lib/i18n';
import { newId } from '../../lib/ids';
import type { AccessContext } from '../access/access.types';
import {
  candidateEntries,
  dismissalsOf,
  entriesToMatch,
  findSettings,
  insertScreenings,
  openReviewsOf,
  type ScreeningInsert,
} from './watchlist.repository';
import { queueWebhooks } from '../webhooks/webhook-outbox';

export type ScreenedSubject = Subject & { personId: string | null };

export type Hit = {
  entryId: string;
  entryName: string;
  level: WatchlistLevel;
  score: number;
  reasons: MatchReason[];
};

/** What screening found for one subject. */
export type Verdict = {
  subject: ScreenedSubject;
  /** The strongest match that stops the action: a deny, or a review not yet approved. */
  stop: (Hit & { pending: boolean }) | null;
  /** The notify matches, and reviews already approved: the action goes on. */
  through: Hit[];
};

const RANK: Record<WatchlistLevel, number> = { deny: 0, review: 1, notify: 2 };

/** The subject of a person's record. */
export const personSubject = (p: {
  id: string;
  firstName: string;
  lastName: string;
  email: string | null;
  phoneCode?: string | null;
  phone: string | null;
  companyName: string | null;
}): ScreenedSubject => ({
  personId: p.id,
  name: `${p.firstName} ${p.lastName}`.trim(),
  email: p.email,
  phone: p.phone ? `${p.phoneCode ?? ''}${p.phone}` : null,
  company: p.companyName,
});

/** Screens each subject: one verdict per subject, in order. One statement when nobody is a candidate. */
export async function screen(
  tx: Executor,
  entityId: string,
  subjects: readonly ScreenedSubject[],
  now: Date,
): Promise<Verdict[]> {
  const clear = subjects.map((subject): Verdict => ({ subject, stop: null, through: [] }));
  if (subjects.length === 0) return clear;
  const keys = subjects.map((s) => nameKeys(s.name));
  const ids = await candidateEntries(tx, {
    plains: keys.map((k) => k.plain),
    skeletons: keys.map((k) => k.skeleton),
    emails: subjects.flatMap((s) => emailKey(s.email) ?? []),
    phones: subjects.flatMap((s) => phoneKey(s.phone) ?? []),
  });
  if (ids.length === 0) return clear;

  // Matched in code first: most candidates share a common word and match nothing, and then what was
  // decided of them need not be read.
  const entries = await entriesToMatch(tx, entityId, ids);
  const threshold = (await findSettings(tx, entityId))?.nameThreshold ?? DEFAULT_WATCHLIST_SETTINGS.name_threshold;
  const found = subjects.map((subject) => {
    const hits: Hit[] = [];
    for (const entry of entries) {
      const match = matchEntry(
        subject,
        {
          full_name: entry.fullName,
          aliases: entry.aliases,
          email: entry.email,
          phone: entry.phone,
          company_name: entry.companyName,
        },
        threshold,
      );
      if (match)
        hits.push({ entryId: entry.id, entryName: entry.fullName, level: entry.level as WatchlistLevel, ...match });
    }
    return hits;
  });
  if (found.every((hits) => hits.length === 0)) return clear;

  const hitIds = [...new Set(found.flat().map((h) => h.entryId))];
  const personIds = subjects.flatMap((s) => s.personId ?? []);
  const dismissed = await dismissalsOf(tx, entityId, personIds);
  const reviews = await openReviewsOf(tx, entityId, hitIds, now);
  return subjects.map((subject, i) => {
    const hits = found[i]!.filter(
      (h) => !dismissed.some((d) => d.entryId === h.entryId && d.personId === subject.personId),
    );
    hits.sort((a, b) => RANK[a.level] - RANK[b.level] || b.score - a.score);
    // A review of this person, or of someone not yet a person by this name (who may have become them).
    const name = subject.name.toLowerCase();
    const reviewOf = (h: Hit) =>
      reviews.find(
        (r) =>
          r.entryId === h.entryId &&
          ((subject.personId && r.personId === subject.personId) || (r.personId === null && r.name === name)),
      );
    let stop: Verdict['stop'] = null;
    const through: Hit[] = [];
    for (const h of hits) {
      const review = h.level === 'review' ? reviewOf(h) : undefined;
      if (h.level === 'notify' || review?.outcome === 'approved') through.push(h);
      else if (!stop) stop = { ...h, pending: review?.outcome === 'pending' };
    }
    return { subject, stop, through };
  });
}

/** A screening recorded, to be mailed once its transaction has committed. */
export type Recorded = {
  id: string;
  way: ScreeningWay;
  outcome: 'refused' | 'pending' | 'notified';
  hit: Hit;
  subject: ScreenedSubject;
};

/**
 * Records what the verdicts came to at a way in: each stop (refused, or a new review waiting), and,
 * when the action went ahead, each notify match. Audited as the actor (a link's visitor when null).
 */
export async function recordVerdicts(
  tx: Executor,
  entityId: string,
  way: ScreeningWay,
  verdicts: readonly Verdict[],
  opts: { wentAhead: boolean; now: Date },
): Promise<Recorded[]> {
  const recorded: Recorded[] = [];
  for (const v of verdicts) {
    if (v.stop && !v.stop.pending) {
      recorded.push({
        id: newId(opts.now.getTime()),
        way,
        outcome: v.stop.level === 'deny' ? 'refused' : 'pending',
        hit: v.stop,
        subject: v.subject,
      });
    }
    if (opts.wentAhead) {
      for (const h of v.through.filter((x) => x.level === 'notify')) {
        recorded.push({ id: newId(opts.now.getTime()), way, outcome: 'notified', hit: h, subject: v.subject });
      }
    }
  }
  const rows: ScreeningInsert[] = recorded.map((r) => ({
    entityId,
    id: r.id,
    at: opts.now,
    way: r.way,
    personId: r.subject.personId,
    subject: {
      name: r.subject.name,
      email: r.subject.email ?? null,
      phone: r.subject.phone ?? null,
      company: r.subject.company ?? null,
    },
    entryId: r.hit.entryId,
    entryName: r.hit.entryName,
    level: r.hit.level,
    score: r.hit.score,
    reasons: r.hit.reasons,
    outcome: r.outcome,
  }));
  await insertScreenings(tx, rows);
  await queueWebhooks(
    tx,
    entityId,
    'watchlist.matched',
    rows.map((r) => ({
      personId: r.personId,
      data: {
        screening: {
          id: r.id,
          at: r.at.toISOString(),
          way: r.way,
          outcome: r.outcome,
          level: r.level,
          score: r.score,
          entry: { id: r.entryId, full_name: r.entryName },
          subject: { person_id: r.personId ?? null, ...r.subject },
          reasons: r.reasons,
        },
      },
    })),
    { now: opts.now },
  );
  return recorded;
}

/** What screening did, as audit entries: one per screening recorded. */
export const screeningAudits = (recorded: readonly Recorded[]) =>
  recorded.map((r) => ({
    action: `watchlist.screening.${r.outcome}`,
    targetType: 'watchlist_screening',
    targetId: r.id,
    after: {
      way: r.way,
      person_id: r.subject.personId,
      entry_id: r.hit.entryId,
      level: r.hit.level,
      score: r.hit.score,
      reasons: r.hit.reasons.map((x) => `${x.field}:${x.how}:${x.similarity}`),
    },
  }));

/** Why a subject matched, in words: "email identical, name 92 % alike". */
export function explain(lang: Language, reasons: readonly MatchReason[]): string {
  return reasons
    .map((r) =>
      t(lang, `errors:watchlist_reason.${r.field === 'alias' ? 'alias' : r.field}_${r.how}`, {
        similarity: r.similarity,
        value: r.entry_value,
      }),
    )
    .join(t(lang, 'errors:watchlist_reason.separator'));
}

/**
 * The refusal of a stopped subject for the person who asked: the entry and why to those who keep the
 * watchlist, that it stopped to other members, and nothing of the watchlist to a visitor at a kiosk or a
 * public page.
 */
export function stopIssue(
  ctx: Pick<AccessContext, 'actor' | 'permissions'> | null,
  v: Verdict,
  lang: Language,
): { key: string; vars: Record<string, string> } {
  const stop = v.stop!;
  const member = ctx?.actor.kind === 'user' || ctx?.actor.kind === 'client';
  if (!member) return { key: 'watchlist_public', vars: {} };
  const kind =
    stop.level === 'deny' ? 'watchlist_denied' : stop.pending ? 'watchlist_review_pending' : 'watchlist_review';
  if (!isAllowed(ctx.permissions, 'watchlist')) return { key: kind, vars: { name: v.subject.name } };
  return {
    key: `${kind}_why`,
    vars: { name: v.subject.name, entry: stop.entryName, why: explain(lang, stop.reasons), score: String(stop.score) },
  };
}
