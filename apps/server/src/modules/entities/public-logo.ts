/**
 * A company's logo as another origin shows it (the passport, mails): the stored logo is the public path
 * it is served at (`/api/v1/public/entities/{id}/logo.png?v=…`), made absolute on the dashboard's origin.
 */
export const publicLogoUrl = (appUrl: string, logo: string | null): string | null => (logo ? `${appUrl}${logo}` : null);
