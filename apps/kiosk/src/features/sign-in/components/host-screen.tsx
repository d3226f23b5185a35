// Whom the person visits (spec "Host payload"): the journey's hosts as buttons, or, where any member of
// the company may be chosen, a search that starts after a first name and two letters of the last name
// (spec: host search threshold). The chosen host is told of the arrival when the journey says so.
import { useCallback, useState } from 'react';
import type { PersonPreview } from '@app/shared/visits/schemas';
import { hostQueryReady, type HostChoice, type PersonDraft } from '@app/shared/visits/sign-in-form';
import { VISIT_LIMITS } from '@app/shared/visits/schemas';
import styles from '../sign-in.module.css';
import { useTypedSearch } from '../hooks/use-typed-search';
import { useFlowText } from '../flow-text';

/** The hosts a person of `userTypeId` may choose whose name matches. */
export type SearchHosts = (query: string, userTypeId: string | null) => Promise<HostChoice[]>;

export function HostScreen({
  person,
  draft,
  onChange,
  searchHosts,
}: {
  person: PersonPreview;
  draft: PersonDraft;
  onChange: (draft: PersonDraft) => void;
  searchHosts: SearchHosts;
}) {
  const t = useFlowText();
  const host = person.host!;
  const [query, setQuery] = useState('');
  const userTypeId = person.user_type?.id ?? null;
  const search = useCallback((q: string) => searchHosts(q, userTypeId), [searchHosts, userTypeId]);
  const result = useTypedSearch(query, hostQueryReady, search);
  const chosen = new Set(draft.hosts.map((h) => h.id));
  const toggle = (choice: HostChoice) =>
    onChange({
      ...draft,
      hosts: chosen.has(choice.id)
        ? draft.hosts.filter((h) => h.id !== choice.id)
        : [...draft.hosts, choice].slice(-VISIT_LIMITS.hostsMax),
    });
  const listed = host.options.filter((h) => h.id !== person.person_id);
  const found = (result.found ?? []).filter((h) => h.id !== person.person_id);
  const offered = host.select_host_permitted ? listed : query ? found : listed;
  // The chosen hosts stay in sight whatever the search shows.
  const shown = [...draft.hosts, ...offered.filter((h) => !chosen.has(h.id))];
  return (
    <div className={styles.screenBody} data-testid="kiosk-host">
      <h2 className={styles.stepTitle}>{t('kiosk-flow:host.title')}</h2>
      {host.note && <p className={styles.hint}>{host.note}</p>}
      {!host.required && <p className={styles.hint}>{t('kiosk-flow:host.optional')}</p>}
      {!host.select_host_permitted && (
        <label className={styles.field}>
          <span className={styles.label}>{t('kiosk-flow:host.search')}</span>
          <span className={styles.hint}>{t('kiosk-flow:host.search_hint')}</span>
          <input
            className={styles.input}
            type="search"
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            autoComplete="off"
            data-testid="kiosk-host-search"
          />
        </label>
      )}
      <div className={styles.list} role="group" aria-label={t('kiosk-flow:host.title')} aria-live="polite">
        {shown.map((choice) => (
          <button
            key={choice.id}
            type="button"
            className={styles.listItem}
            aria-pressed={chosen.has(choice.id)}
            onClick={() => toggle(choice)}
            data-testid="kiosk-host-option"
          >
            {choice.full_name}
          </button>
        ))}
        {query && hostQueryReady(query) && result.found?.length === 0 && (
          <p className={styles.hint}>{t('kiosk-flow:host.nothing_found')}</p>
        )}
        {result.failed && <p className={styles.error}>{t('kiosk-flow:host.search_failed')}</p>}
        {host.select_host_permitted && listed.length === 0 && (
          <p className={styles.hint}>{t('kiosk-flow:host.none_listed')}</p>
        )}
      </div>
    </div>
  );
}
