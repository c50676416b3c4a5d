import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { pathTo } from '@ad/contract';
import { Loader } from '../../../app/loader.tsx';
import { apiQuery } from '../../../lib/api-query.ts';
import { fr } from '../../../lib/fr.ts';
import type { ProfileValues } from '@ad/contract/account/user-account';
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
      {profile.data ? <ProfileForm profile={profile.data} /> : <Loader />}
      <PasswordForm />
    </div>
  );
}
