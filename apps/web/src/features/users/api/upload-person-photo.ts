import { useMutation, useQueryClient } from '@tanstack/react-query';
import { PHOTO_FIELD, type Person } from '@app/shared/people/schemas';
import { api } from '@/lib/api-client';
import { peopleRootKey } from './people-query-key';

// A photo the server refuses (400, 413, 422) is explained beside the photo, not in a toast.
export const uploadPersonPhoto = ({ id, file }: { id: string; file: File }) => {
  const form = new FormData();
  form.append(PHOTO_FIELD, file);
  return api.upload<Person>(`/people/${id}/photo`, form, 'PUT', { handledByCaller: [400, 413, 415, 422] });
};

export const useUploadPersonPhoto = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadPersonPhoto,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: peopleRootKey }),
  });
};
