// A new visitor registering at the kiosk, where their user type lets people register themselves (spec
// registration methods "registration allowed" and "registration not required"): who they are and how
// to reach them. The form checks what it can as the person types; the server checks the rest (the user
// type's mandatory data, an email or phone already taken) and names the field, in the person's language.
import { useState, type FormEvent } from 'react';
import { kioskVisitorBodySchema, type KioskVisitorBody } from '@app/shared/kiosks/device-lookup';
import styles from '../sign-in.module.css';
import { useFlowText } from '../flow-text';
import { ChoiceButtons } from './choice-buttons';

const FIELDS = ['first_name', 'last_name', 'email', 'phone_code', 'phone', 'company_name'] as const;
type Field = (typeof FIELDS)[number];
type Values = Record<Field, string>;

const INPUT: Record<Field, { type: string; autoComplete: string; inputMode?: 'numeric' | 'email' | 'tel' }> = {
  first_name: { type: 'text', autoComplete: 'given-name' },
  last_name: { type: 'text', autoComplete: 'family-name' },
  email: { type: 'email', autoComplete: 'email', inputMode: 'email' },
  phone_code: { type: 'text', autoComplete: 'tel-country-code', inputMode: 'numeric' },
  phone: { type: 'tel', autoComplete: 'tel-national', inputMode: 'tel' },
  company_name: { type: 'text', autoComplete: 'organization' },
};

export type RegisterType = { id: string; name: string };

/** The body as typed: what was left empty is sent as nothing. */
export function visitorBody(values: Values, userTypeId: string): KioskVisitorBody {
  const orNull = (v: string) => (v.trim() === '' ? null : v);
  return {
    first_name: values.first_name,
    last_name: values.last_name,
    email: orNull(values.email),
    phone_code: orNull(values.phone_code),
    phone: orNull(values.phone),
    company_name: orNull(values.company_name),
    user_type_id: userTypeId,
  };
}

export function RegisterScreen({
  types,
  busy,
  serverErrors,
  onRegister,
  onCancel,
}: {
  /** The journey's user types whose people may register here. */
  types: RegisterType[];
  busy: boolean;
  /** What the server said, by field (translated), and in general. */
  serverErrors: { message: string | null; fields: Record<string, string[]> };
  onRegister: (body: KioskVisitorBody) => void;
  onCancel: () => void;
}) {
  const t = useFlowText();
  const [values, setValues] = useState<Values>(() => Object.fromEntries(FIELDS.map((f) => [f, ''])) as Values);
  const [typeId, setTypeId] = useState<string | null>(types.length === 1 ? types[0]!.id : null);
  const [checked, setChecked] = useState<Record<string, string[]> | null>(null);

  const check = (next: Values, type: string | null): Record<string, string[]> => {
    const found: Record<string, string[]> = {};
    if (!type) found.user_type_id = [t('errors:choice_required')];
    const parsed = kioskVisitorBodySchema.safeParse(visitorBody(next, type ?? '00000000-0000-7000-8000-000000000000'));
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0]);
        if (field !== 'user_type_id') (found[field] ??= []).push(t(`errors:${issue.message}`));
      }
    }
    return found;
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = check(values, typeId);
    setChecked(found);
    if (Object.keys(found).length === 0 && typeId) onRegister(visitorBody(values, typeId));
  };
  const change = (field: Field, value: string) => {
    const next = { ...values, [field]: value };
    setValues(next);
    // Once a send was tried, what is typed is checked again as it changes.
    if (checked) setChecked(check(next, typeId));
  };
  const errorsOf = (field: string) => checked?.[field] ?? serverErrors.fields[field] ?? [];

  return (
    <section className={styles.flow} aria-labelledby="kiosk-register-title" data-testid="kiosk-register">
      <h1 id="kiosk-register-title" className={styles.stepTitle}>
        {t('kiosk-flow:register.title')}
      </h1>
      {serverErrors.message && (
        <p className={styles.stop} role="alert" data-testid="kiosk-register-problem">
          {serverErrors.message}
        </p>
      )}
      <form className={styles.screenBody} onSubmit={submit} noValidate>
        {types.length > 1 && (
          <ChoiceButtons
            label={t('kiosk-flow:register.user_type')}
            choices={types.map((type) => ({ value: type.id, label: type.name }))}
            value={typeId}
            onChange={(id) => {
              setTypeId(id);
              if (checked) setChecked(check(values, id));
            }}
            testId="kiosk-register-type"
          />
        )}
        {errorsOf('user_type_id').map((message) => (
          <p key={message} className={styles.error}>
            {message}
          </p>
        ))}
        <div className={styles.form}>
          {FIELDS.map((field) => {
            const errors = errorsOf(field);
            const id = `kiosk-register-${field}`;
            return (
              <label key={field} className={styles.field} htmlFor={id}>
                <span className={styles.label}>{t(`kiosk-flow:register.${field}`)}</span>
                <input
                  id={id}
                  className={styles.input}
                  value={values[field]}
                  onChange={(event) => change(field, event.target.value)}
                  aria-invalid={errors.length > 0}
                  aria-describedby={errors.length ? `${id}-error` : undefined}
                  data-testid={id}
                  {...INPUT[field]}
                />
                {errors.length > 0 && (
                  <span id={`${id}-error`} className={styles.error}>
                    {errors.join(' ')}
                  </span>
                )}
              </label>
            );
          })}
        </div>
        <div className={styles.actions}>
          <button type="button" className={styles.secondary} onClick={onCancel} disabled={busy}>
            {t('kiosk-flow:cancel')}
          </button>
          <button type="submit" className={styles.primary} disabled={busy} data-testid="kiosk-register-send">
            {t('kiosk-flow:register.send')}
          </button>
        </div>
      </form>
    </section>
  );
}
