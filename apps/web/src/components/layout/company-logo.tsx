import { Image } from '@mantine/core';
import type { EntitySummary } from '@app/shared/auth/schemas';
import { usePublicConfig } from '@/lib/public-config';
import { BrandMark } from '../ui/brand-mark';
import { entityLogoUrl } from './display-names';
import classes from './top-bar.module.css';

/** The company's logo in the top bar, or the product's mark when the company has none. */
export function CompanyLogo({ entity }: { entity: EntitySummary }) {
  const config = usePublicConfig();
  const logo = entityLogoUrl(entity.logo);
  if (!logo) return <BrandMark name={config?.provider_name} nameVisibleFrom="sm" />;
  return (
    <span className={classes.logoChip}>
      <Image src={logo} alt={entity.name} h={30} w="auto" maw={150} fit="contain" data-testid="company-logo" />
    </span>
  );
}
