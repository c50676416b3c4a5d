import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { Alert } from '@codegouvfr/react-dsfr/Alert';
import { pathTo } from '@ad/contract';
import { Loader } from '../../../app/loader.tsx';
import { apiQuery } from '../../../lib/api-query.ts';
import { fr } from '../../../lib/fr.ts';
import {
  EMAIL_CHANGE_PARAM,
  EMAIL_CHANGE_RESULTS,
  USER_ACCOUNT_MESSAGES,
  type ProfileValues,
} from '@ad/contract/account/user-account';
import { PasswordForm } from './password-form.tsx';
import { ProfileForm } from './profile-form.tsx';

export const profileQuery = () => apiQuery<ProfileValues>('/api/user/profile');

/**
 * « Informations personnelles » (spec account-area §2 Profile page): the profile form, then
 * « Modifier mon mot de passe ». After a save, closing the success modal goes back to the
 * dashboard, as every account form does (spec §2 'Modals'); the password form is cleared at once.
 */
export function ProfilePage() {
  const navigate = useNavigate();
  const profile = useQuery(profileQuery());

  useEffect(() => {
    if (profile.isError) navigate(pathTo('404'), { replace: true });
  }, [profile.isError, navigate]);

  return (
    <div className={fr.cx('fr-container', 'fr-my-6w')}>
      <h1>Informations personnelles</h1>
      <EmailChangeResult />
      {profile.data ? <ProfileForm profile={profile.data} /> : <Loader />}
      <PasswordForm />
    </div>
  );
}

/** The link of a new address lands here with `?adresse=` (the server's confirmation route). */
function EmailChangeResult() {
  const [searchParams] = useSearchParams();
  const result = searchParams.get(EMAIL_CHANGE_PARAM);
  const alerts = {
    [EMAIL_CHANGE_RESULTS.confirmed]: ['success', USER_ACCOUNT_MESSAGES.emailChangeConfirmed],
    [EMAIL_CHANGE_RESULTS.taken]: ['error', USER_ACCOUNT_MESSAGES.emailTaken],
    [EMAIL_CHANGE_RESULTS.invalid]: ['warning', USER_ACCOUNT_MESSAGES.emailChangeInvalid],
  } as const;
  const alert = result ? alerts[result as keyof typeof alerts] : undefined;
  if (!alert) return null;
  return (
    <Alert
      severity={alert[0]}
      small
      description={alert[1]}
      className={fr.cx('fr-mb-4w')}
      role={alert[0] === 'success' ? 'status' : 'alert'}
    />
  );
}
