import { useMutation } from '@tanstack/react-query';
import type { AgreementFile } from '@app/shared/compliances/schemas';
import { api } from '@/lib/api-client';

// A refused file (type, size) is shown on the file field.
export const uploadAgreementFile = (file: File) => {
  const form = new FormData();
  form.append('file', file);
  return api.upload<AgreementFile>('/compliances/files', form, 'POST', { handledByCaller: [400, 413, 422] });
};

export const useUploadAgreementFile = () => useMutation({ mutationFn: uploadAgreementFile });

/** Where the browser reads a saved compliance's agreement file (the session cookie goes with it). */
export const agreementFileUrl = (complianceId: string, version: number) =>
  `/api/v1/compliances/${complianceId}/file?version=${version}`;
