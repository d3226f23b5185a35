// The catalogues the server speaks: error messages and emails, in every language.
import arEmails from './ar/emails.json';
import arErrors from './ar/errors.json';
import enEmails from './en/emails.json';
import enErrors from './en/errors.json';
import esEmails from './es/emails.json';
import esErrors from './es/errors.json';
import type { Resources } from './translate';

export const serverResources: Resources = {
  en: { errors: enErrors, emails: enEmails },
  ar: { errors: arErrors, emails: arEmails },
  es: { errors: esErrors, emails: esEmails },
};
