import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { HolderProfile } from '@app/shared/passport/holder-profile';
import { usePassportPhoto } from '../api/get-passport-photo';
import { usePassportProfile } from '../api/get-passport-profile';
import { photoMessage } from '../utils/photo-check';

/** No token; reading the passport; the form was filled from it; the token was refused (or expired). */
export type PassportFillStatus = 'none' | 'reading' | 'filled' | 'failed';

export type PassportFillTarget = {
  /** Fills the form's empty fields with the passport's details (fillEmptyFields). */
  fill: (profile: HolderProfile) => void;
  /** The form has no photo yet: the passport's is offered, through the checks of a chosen one. */
  wantsPhoto: boolean;
  setPhoto: (file: File) => void;
  setPhotoError: (message: string) => void;
};

/**
 * Fills a visitor's form once from the passport whose holder token the page was given: the details when
 * they arrive, with the photo when the form wants one and the passport has one.
 */
export function usePassportFill(token: string | null, target: PassportFillTarget): PassportFillStatus {
  const { t } = useTranslation('pre-registration');
  const profile = usePassportProfile(token);
  const photoWanted = target.wantsPhoto && profile.data?.has_photo === true;
  const photo = usePassportPhoto(token, photoWanted);
  const done = useRef(false);
  // A photo that could not be read is left out; the details are filled all the same.
  const ready = profile.data !== undefined && (!photoWanted || !photo.isPending);

  useEffect(() => {
    if (!ready || done.current || !profile.data) return;
    done.current = true;
    target.fill(profile.data);
    const file = photo.data;
    if (!photoWanted || !file) return;
    void photoMessage(file, t).then((problem) => {
      if (problem) target.setPhotoError(t('passport.photo_unusable', { problem }));
      else target.setPhoto(file);
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, when the passport's answers are in.
  }, [ready]);

  if (!token) return 'none';
  if (ready) return 'filled';
  return profile.isError ? 'failed' : 'reading';
}
