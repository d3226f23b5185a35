import { useState } from 'react';
import { navigateTo } from '@/lib/navigation';
import { getRedirectType } from '../api/get-redirect-type';
import { nextPageOf, tempPageHref } from '../utils/flow-links';

/**
 * "Next" on the errors or duplicates page (spec §2): asks the server how many records of each kind
 * there are now, then goes on to the duplicates when there are any, else to the valid records.
 */
export function useFlowNext(id: string, page: 'error' | 'duplicate') {
  const [pending, setPending] = useState(false);
  const next = () => {
    setPending(true);
    getRedirectType(id).then(
      (counts) => navigateTo(tempPageHref(nextPageOf(page, counts), id)),
      // The API client has said what went wrong.
      () => setPending(false),
    );
  };
  return { next, pending };
}
