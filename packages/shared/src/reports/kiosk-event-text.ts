import type { KioskLogRow } from './kiosk-logs';

// A kiosk event's details in words ("Volume: 50 → 30", "From Reception to Lobby"), as the Kiosk logs
// screen shows them and an exported sheet writes them, in the reader's language. `t` reads keys of
// the `reports` catalogue; `moment` writes an instant on the company's clock.

type Translate = (key: string, vars?: Record<string, string | number>) => string;

const SIGN_MODES = new Set(['sign_in_sign_out', 'sign_in_only', 'sign_out_only']);

function settingValue(v: unknown, t: Translate): string {
  if (v === true) return t('kiosk_logs.values.on');
  if (v === false) return t('kiosk_logs.values.off');
  if (typeof v === 'string' && SIGN_MODES.has(v)) return t(`kiosk_logs.values.${v}`);
  if (typeof v === 'string' || typeof v === 'number') return String(v);
  return v === null || v === undefined ? '—' : JSON.stringify(v);
}

export function kioskEventText(
  row: Pick<KioskLogRow, 'kind' | 'detail' | 'area' | 'person'>,
  t: Translate,
  moment: (at: string) => string,
): string {
  const d = row.detail;
  const person = row.person?.name ?? t('kiosk_logs.detail.someone');
  const unknownArea = () => t('kiosk_logs.detail.unknown_area');
  switch (row.kind) {
    case 'added':
      return t('kiosk_logs.detail.added', { area: row.area?.name ?? unknownArea() });
    case 'renamed':
      return t('kiosk_logs.detail.renamed', { from: d.from_name ?? '', to: d.to_name ?? '' });
    case 'moved':
      return t('kiosk_logs.detail.moved', {
        from: d.from_area?.name ?? unknownArea(),
        to: d.to_area?.name ?? unknownArea(),
      });
    case 'settings_changed':
      return (d.changes ?? [])
        .map((c) =>
          t('kiosk_logs.detail.change', {
            setting: t(`kiosk_logs.settings.${c.setting}`),
            from: settingValue(c.from, t),
            to: settingValue(c.to, t),
          }),
        )
        .join('; ');
    case 'app_version_changed':
      return d.from_version
        ? t('kiosk_logs.detail.app_version', { from: d.from_version, to: d.to_version ?? '' })
        : t('kiosk_logs.detail.app_version_first', { to: d.to_version ?? '' });
    case 'came_online':
      return t('kiosk_logs.detail.came_online');
    case 'went_offline':
      return t('kiosk_logs.detail.went_offline', { at: d.last_seen_at ? moment(d.last_seen_at) : '—' });
    case 'signed_in':
      return t('kiosk_logs.detail.signed_in', { person });
    case 'signed_out':
      return t('kiosk_logs.detail.signed_out', { person });
    case 'deregistered':
      return t('kiosk_logs.detail.deregistered');
    case 'remote_action': {
      const action = t(`kiosk_logs.actions.${d.action ?? ''}`);
      return d.status === 'placed'
        ? t('kiosk_logs.detail.remote_action_placed', { action, by: d.by || t('kiosk_logs.detail.someone') })
        : t('kiosk_logs.detail.remote_action_ended', {
            action,
            status: t(`kiosk_logs.request_statuses.${d.status ?? ''}`),
          });
    }
    case 'log':
      return t('kiosk_logs.detail.log', { level: d.level ?? '', message: d.message ?? '' });
    case 'replayed':
      return t(`kiosk_logs.detail.replayed.${d.action ?? ''}_${d.outcome ?? ''}`, { person });
    case 'needs_review':
      return t(`kiosk_logs.detail.needs_review.${d.action ?? ''}`, { person });
  }
}
