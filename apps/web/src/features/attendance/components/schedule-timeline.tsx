import { Text, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import {
  minutesToTime,
  reasonEndTime,
  reasonSpan,
  REASON_TYPES,
  timeToMinutes,
  type ReasonType,
} from '@app/shared/attendance/reason-ranges';
import classes from './attendance.module.css';

type TimelineReason = { id?: string; name: string; type: ReasonType; start_time: string; duration_minutes: number };

type ScheduleTimelineProps = {
  start_time: string;
  end_time: string;
  late_sign_in_minutes: number;
  early_sign_out_minutes: number;
  reasons: readonly TimelineReason[];
  /** A reason being added or changed: drawn over the others, red when it breaks a rule. */
  draft?: (TimelineReason & { ok: boolean }) | null;
  /** Reasons the current form would leave outside the hours: drawn red. */
  outsideIds?: ReadonlySet<string>;
  testId?: string;
};

// At most four marks between the ends keep the hours readable in a narrow card.
const TICK_STEP_CHOICES = [60, 120, 180, 240, 360];
const MAX_TICKS = 4;

/**
 * A mode's hours as a bar, one lane per reason type: each reason a block over its range, the
 * allowances hatched at the start (late) and the end (early), where nothing is asked.
 */
export function ScheduleTimeline(props: ScheduleTimelineProps) {
  const { t } = useTranslation('attendance');
  const start = timeToMinutes(props.start_time);
  const end = timeToMinutes(props.end_time);
  if (!(end > start)) {
    return (
      <Text size="sm" c="dimmed" data-testid={props.testId}>
        {t('timeline.no_hours')}
      </Text>
    );
  }
  const length = end - start;
  const at = (minutes: number) => `${((Math.min(Math.max(minutes, start), end) - start) / length) * 100}%`;
  const width = (from: number, to: number) =>
    `${((Math.min(Math.max(to, start), end) - Math.min(Math.max(from, start), end)) / length) * 100}%`;

  const step = TICK_STEP_CHOICES.find((s) => length / s <= MAX_TICKS + 1) ?? 720;
  const ticks: number[] = [];
  for (let m = Math.ceil(start / step) * step; m < end; m += step) if (m > start) ticks.push(m);

  return (
    <div className={classes.timeline} data-testid={props.testId}>
      {REASON_TYPES.map((type) => {
        const allowance = type === 'late_sign_in' ? props.late_sign_in_minutes : props.early_sign_out_minutes;
        const allowanceFrom = type === 'late_sign_in' ? start : end - allowance;
        const reasons = props.reasons.filter((r) => r.type === type && r.id !== props.draft?.id);
        return (
          <div key={type} className={classes.laneRow}>
            <Text size="xs" fw={500} c="dimmed">
              {t(`types.${type}`)}
            </Text>
            <div className={classes.lane} data-testid={props.testId ? `${props.testId}-${type}` : undefined}>
              {allowance > 0 && (
                <Tooltip label={t(`timeline.allowance_${type}`, { minutes: allowance })} withArrow>
                  <div
                    className={classes.allowance}
                    style={{
                      insetInlineStart: at(allowanceFrom),
                      width: width(allowanceFrom, allowanceFrom + allowance),
                    }}
                  />
                </Tooltip>
              )}
              {reasons.map((reason) => {
                const span = reasonSpan(reason);
                const outside = reason.id !== undefined && props.outsideIds?.has(reason.id);
                return (
                  <Tooltip
                    key={reason.id ?? reason.name}
                    label={`${reason.name} · ${reason.start_time}–${reasonEndTime(reason)}`}
                    withArrow
                  >
                    <div
                      className={`${classes.block} ${outside ? classes.draftBad : type === 'late_sign_in' ? classes.late : classes.early} ${props.draft ? classes.muted : ''}`}
                      style={{ insetInlineStart: at(span.start), width: width(span.start, span.end) }}
                      data-reason-name={reason.name}
                    >
                      <BlockLabel text={reason.name} />
                    </div>
                  </Tooltip>
                );
              })}
              {props.draft && props.draft.type === type && <DraftBlock draft={props.draft} at={at} width={width} />}
            </div>
          </div>
        );
      })}
      <div className={classes.axis} aria-hidden>
        <span className={`${classes.tick} ${classes.tickEdgeStart}`} style={{ insetInlineStart: 0 }}>
          {minutesToTime(start)}
        </span>
        {ticks
          .filter((m) => m - start >= length * 0.12 && end - m >= length * 0.12)
          .map((m) => (
            <span key={m} className={classes.tick} style={{ insetInlineStart: at(m) }}>
              {minutesToTime(m)}
            </span>
          ))}
        <span className={`${classes.tick} ${classes.tickEdgeEnd}`} style={{ insetInlineStart: '100%' }}>
          {minutesToTime(end)}
        </span>
      </div>
    </div>
  );
}

function DraftBlock({
  draft,
  at,
  width,
}: {
  draft: TimelineReason & { ok: boolean };
  at: (m: number) => string;
  width: (from: number, to: number) => string;
}) {
  if (!Number.isFinite(draft.duration_minutes) || draft.duration_minutes < 1) return null;
  const span = reasonSpan(draft);
  if (Number.isNaN(span.start)) return null;
  return (
    <div
      className={`${classes.block} ${draft.ok ? classes.draft : classes.draftBad}`}
      style={{ insetInlineStart: at(span.start), width: width(span.start, span.end) }}
      data-testid="timeline-draft"
      data-ok={draft.ok}
    >
      <BlockLabel text={draft.name} />
    </div>
  );
}

/** A block's name, in its own direction (a Latin name in Arabic still starts at its beginning), cut at its end. */
function BlockLabel({ text }: { text: string }) {
  return (
    <span dir="auto" className={classes.blockLabel}>
      {text}
    </span>
  );
}
