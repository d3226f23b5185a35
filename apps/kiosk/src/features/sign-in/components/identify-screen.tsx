// How a person tells the kiosk who they are, by the flow's input methods (spec: QR code, face, RFID,
// name search): the camera looking for a QR code or a face it knows, a card held to the reader, or
// their name typed (the search starts after a first name and two letters of the last name, as the
// host search does). Where the user type allows, a new visitor registers instead.
import { useState, type ReactNode } from 'react';
import { hostQueryReady } from '@app/shared/visits/sign-in-form';
import styles from '../sign-in.module.css';
import { useTypedSearch } from '../hooks/use-typed-search';
import { useFlowText } from '../flow-text';

export type PersonHit = { id: string; first_name: string; last_name: string; on_site: boolean };
export type SearchPeople = (query: string) => Promise<PersonHit[]>;

export function IdentifyScreen({
  action,
  byName,
  byCard,
  camera,
  searchPeople,
  onPerson,
  onRegister,
  onCancel,
  problem,
}: {
  action: 'sign_in' | 'sign_out';
  byName: boolean;
  byCard: boolean;
  /** The camera looking for a QR code or a face, when the flow takes either. */
  camera: { title: string; view: ReactNode } | null;
  searchPeople: SearchPeople;
  onPerson: (hit: PersonHit) => void;
  /** Shown when a new visitor may register here. */
  onRegister: (() => void) | null;
  onCancel: () => void;
  /** Why the last code or card was not taken. */
  problem: string | null;
}) {
  const t = useFlowText();
  const [query, setQuery] = useState('');
  const result = useTypedSearch(query, hostQueryReady, searchPeople);
  const ready = hostQueryReady(query);
  return (
    <section
      className={styles.flow}
      aria-labelledby="kiosk-identify-title"
      data-testid="kiosk-identify"
      data-action={action}
    >
      <h1 id="kiosk-identify-title" className={styles.stepTitle}>
        {t(`kiosk-flow:identify.title_${action}`)}
      </h1>
      {problem && (
        <p className={styles.stop} role="alert" data-testid="kiosk-identify-problem">
          {problem}
        </p>
      )}
      <div className={styles.identifyWays}>
        {camera && (
          <div className={styles.identifyWay}>
            <h2 className={styles.label}>{camera.title}</h2>
            {camera.view}
          </div>
        )}
        <div className={styles.identifyWay}>
          {byCard && <p className={styles.hint}>{t('kiosk-flow:identify.card')}</p>}
          {byName && (
            <label className={styles.field}>
              <span className={styles.label}>
                {t(camera || byCard ? 'kiosk-flow:identify.name' : 'kiosk-flow:identify.name_alone')}
              </span>
              <span className={styles.hint}>{t('kiosk-flow:identify.name_hint')}</span>
              <input
                className={styles.input}
                type="search"
                value={query}
                onChange={(event) => setQuery(event.target.value)}
                autoComplete="off"
                data-testid="kiosk-name-search"
              />
            </label>
          )}
          {byName && (
            <div className={styles.list} aria-live="polite">
              {(result.found ?? []).map((hit) => (
                <button
                  key={hit.id}
                  type="button"
                  className={styles.listItem}
                  onClick={() => onPerson(hit)}
                  data-testid="kiosk-person-hit"
                >
                  {hit.first_name} {hit.last_name}
                </button>
              ))}
              {ready && result.found?.length === 0 && <p className={styles.hint}>{t('kiosk-flow:identify.nobody')}</p>}
              {result.failed && <p className={styles.error}>{t('kiosk-flow:identify.search_failed')}</p>}
            </div>
          )}
          {onRegister && action === 'sign_in' && (
            <button type="button" className={styles.secondary} onClick={onRegister} data-testid="kiosk-register-new">
              {t('kiosk-flow:identify.new_visitor')}
            </button>
          )}
        </div>
      </div>
      <div className={styles.actions}>
        <button type="button" className={styles.secondary} onClick={onCancel} data-testid="kiosk-back">
          {t('kiosk-flow:cancel')}
        </button>
      </div>
    </section>
  );
}
