import type { ReactNode } from 'react';
import type { PublicRfidLink } from '@app/shared/rfid/schemas';
import { entityLogoUrl } from '@/components/layout/display-names';
import { PublicLinkScreen } from '@/components/ui/public-link-screen';

/** The page around the enrolment: the company's logo and name (once known) and the language choice. */
export function RfidScreen({ company, children }: { company?: PublicRfidLink['company']; children: ReactNode }) {
  return (
    <PublicLinkScreen
      company={company?.name}
      logo={company ? entityLogoUrl(company.logo) : null}
      tint="rgb(76 110 245 / 10%)"
      testId="rfid-page"
      companyTestId="rfid-company"
    >
      {children}
    </PublicLinkScreen>
  );
}
