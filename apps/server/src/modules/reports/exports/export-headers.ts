import type { Language } from '@app/shared/constants';
import { reportResources } from '@app/shared/i18n/report-resources';
import { translate } from '@app/shared/i18n/translate';
import { localStamp } from '@app/shared/visits/rules';
import type { AccessContext } from '../../access/access.types';
import { companyZone } from '../../access/company-zone';
import type { CellText } from '../report-source';

/** A key of the `reports` catalogue in a language (English when that language lacks it, else the key). */
export const reportText = (lang: Language, key: string, vars?: Record<string, string | number>): string =>
  translate(reportResources, lang, `reports:${key}`, vars);

/** Whether the catalogue has the key in that very language (for the test that every header is translated). */
export const hasReportText = (lang: Language, key: string): boolean =>
  translate({ en: {}, ar: {}, es: {}, [lang]: reportResources[lang] }, lang, `reports:${key}`) !== `reports:${key}`;

/** How a sheet in `lang` words its cells (see CellText), on the company's clock. */
export function cellText(lang: Language, ctx: AccessContext): CellText {
  const zone = companyZone(ctx);
  return {
    text: (key, vars) =>
      key.includes(':') ? translate(reportResources, lang, key, vars) : reportText(lang, key, vars),
    moment: (at) => {
      const [day = '', time = ''] = localStamp(typeof at === 'string' ? new Date(at) : at, zone).split(' ');
      const [y, m, d] = day.split('-');
      return `${d}/${m}/${y} ${time}`;
    },
  };
}
