import { Button, NativeSelect, Stack, TextInput } from '@mantine/core';
import { accountPatchBody, type PassportAccount } from '@app/shared/passport/schemas';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/error-alert';
import { NameFields } from '../../../components/fields';
import { setAccount } from '../../../lib/account';
import { checkForm } from '../../../lib/form-errors';
import { LANGUAGES, LANGUAGE_NAMES, changeLanguage, currentLanguage, isLanguage } from '../../../lib/i18n';
import { notifySuccess } from '../../../lib/notify';
import { useFormSubmit } from '../../../lib/use-form-submit';
import { updateMe, type AccountChanges } from '../api/update-me';

const FIELD_MESSAGES: Record<string, string> = {
  first_name: 'validation.first_name',
  last_name: 'validation.last_name',
  phone: 'validation.phone',
};

/** Names, phone and language; only what changed is sent. */
export function ProfileForm({ account }: { account: PassportAccount }) {
  const { t } = useTranslation();
  const [values, setValues] = useState({
    first_name: account.first_name,
    last_name: account.last_name,
    phone: account.phone ?? '',
    lang: account.lang,
  });
  const form = useFormSubmit(updateMe);

  const submit = form.submit({
    check: () => checkForm(accountPatchBody, values, (field) => t(FIELD_MESSAGES[field] ?? 'validation.check_form')),
    send: (data) => {
      const changes: AccountChanges = {};
      if (data.first_name !== account.first_name) changes.first_name = data.first_name;
      if (data.last_name !== account.last_name) changes.last_name = data.last_name;
      if ((data.phone ?? '') !== (account.phone ?? '')) changes.phone = data.phone ?? '';
      if (data.lang !== account.lang) changes.lang = data.lang;
      if (Object.keys(changes).length > 0) return changes;
      // Nothing changed: nothing to send, and nothing lost either.
      notifySuccess(t('profile.saved'));
      return undefined;
    },
    done: async (saved) => {
      setAccount(saved);
      if (saved.lang !== currentLanguage()) await changeLanguage(saved.lang);
      notifySuccess(t('profile.saved'));
    },
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {form.error && Object.keys(form.error.fields).length === 0 && <ErrorAlert error={form.error} />}
        <TextInput label={t('fields.email')} value={account.email} readOnly variant="filled" />
        <NameFields
          values={values}
          onChange={(name, value) => setValues({ ...values, [name]: value })}
          errors={form.fields}
        />
        <TextInput
          label={t('fields.phone')}
          description={t('fields.phone_hint')}
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          dir="ltr"
          value={values.phone}
          onChange={(event) => setValues({ ...values, phone: event.currentTarget.value })}
          error={form.fields.phone}
        />
        <NativeSelect
          label={t('fields.language')}
          value={values.lang}
          onChange={(event) => {
            const lang = event.currentTarget.value;
            if (isLanguage(lang)) setValues({ ...values, lang });
          }}
          data={LANGUAGES.map((lang) => ({ value: lang, label: LANGUAGE_NAMES[lang] }))}
          error={form.fields.lang}
        />
        <Button type="submit" loading={form.pending} style={{ alignSelf: 'flex-start' }}>
          {t('common.save')}
        </Button>
      </Stack>
    </form>
  );
}
