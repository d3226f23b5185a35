import type { Language } from '@app/shared/constants';
import { t } from '../../platform';

// The few pages the OpenID Connect provider draws itself (a sign-out question, its end, an error), in
// the person's language, in the passport's look, with no script (the passport's CSP allows none inline).

const escape = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const STYLE = `body{font-family:system-ui,sans-serif;background:#f4f7fb;color:#1b2430;margin:0;padding:48px 16px}
main{max-width:420px;margin:0 auto;background:#fff;border-radius:12px;padding:28px;box-shadow:0 1px 3px rgba(0,0,0,.12)}
h1{font-size:1.3rem;margin:0 0 12px}p{line-height:1.5}button{font:inherit;font-weight:600;width:100%;padding:12px;margin-top:10px;border-radius:8px;border:1px solid #0b5cad;cursor:pointer}
.primary{background:#0b5cad;color:#fff}.secondary{background:#fff;color:#0b5cad}code{word-break:break-all}`;

export function page(lang: Language, title: string, body: string): string {
  const dir = lang === 'ar' ? 'rtl' : 'ltr';
  return `<!DOCTYPE html><html lang="${lang}" dir="${dir}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escape(title)}</title><style>${STYLE}</style></head><body><main>${body}</main></body></html>`;
}

/** RP-initiated logout: the provider's hidden form, and the two answers as buttons of that form. */
export function logoutPage(lang: Language, form: string): string {
  const title = t(lang, 'errors:oidc_page.logout_title');
  return page(
    lang,
    title,
    `<h1>${escape(title)}</h1><p>${escape(t(lang, 'errors:oidc_page.logout_body'))}</p>${form}` +
      `<button class="primary" autofocus type="submit" form="op.logoutForm" value="yes" name="logout">${escape(t(lang, 'errors:oidc_page.logout_yes'))}</button>` +
      `<button class="secondary" type="submit" form="op.logoutForm">${escape(t(lang, 'errors:oidc_page.logout_no'))}</button>`,
  );
}

export function loggedOutPage(lang: Language, signInUrl: string): string {
  const title = t(lang, 'errors:oidc_page.logged_out_title');
  return page(
    lang,
    title,
    `<h1>${escape(title)}</h1><p>${escape(t(lang, 'errors:oidc_page.logged_out_body'))}</p><p><a href="${escape(signInUrl)}">${escape(t(lang, 'errors:oidc_page.sign_in_again'))}</a></p>`,
  );
}

/** An error the provider answers a browser with: what went wrong, in words, and its code for support. */
export function errorPage(lang: Language, error: string, description: string | undefined): string {
  const title = t(lang, 'errors:oidc_page.error_title');
  return page(
    lang,
    title,
    `<h1>${escape(title)}</h1><p>${escape(t(lang, 'errors:oidc_page.error_body'))}</p><p><code>${escape(error)}${description ? `: ${escape(description)}` : ''}</code></p>`,
  );
}
