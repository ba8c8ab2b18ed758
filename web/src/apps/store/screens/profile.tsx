import ProfileRoute from '@/features/auth/routes/profile';
import { ApiKeysLink } from '@/features/api-keys/api-keys-link';
import { SavedPlayersManager } from '@/features/players/saved-players-manager';
import { useSessionState } from '@/lib/session-store';

/** /profile, with the saved players and, for a customer with API access, the way to their keys. */
export default function ProfileScreen() {
  const { user } = useSessionState();
  return (
    <ProfileRoute
      more={
        <>
          {user?.api_access && user.role === 'customer' ? <ApiKeysLink /> : null}
          <SavedPlayersManager />
        </>
      }
    />
  );
}
