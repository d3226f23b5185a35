import { useNavigate } from '@tanstack/react-router';
import { useCallback } from 'react';
import { linkExpiredHref, type LinkExpiredTarget } from '../utils/link-expired';

/** Sends the visitor to /link-expired with the reason (spec "Navigation after actions"). */
export function useLinkExpired() {
  const navigate = useNavigate();
  return useCallback(
    (target: LinkExpiredTarget = {}) => void navigate({ href: linkExpiredHref(target), replace: true }),
    [navigate],
  );
}
