import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { FaceIdsQueued, faceIdsBodySchema } from '@app/shared/people/faces';
import { api } from '@/lib/api-client';

// A user type refused (400, 422) or face sign-in turned off meanwhile (422) is said in the dialog itself.
export const generateFaceIds = (body: z.input<typeof faceIdsBodySchema>) =>
  api.post<FaceIdsQueued>('/people/face-ids', body, { handledByCaller: [400, 422] });

/** The mass action: a job makes the face IDs; each person's drawer asks for its own state when opened. */
export const useGenerateFaceIds = () => useMutation({ mutationFn: generateFaceIds });
