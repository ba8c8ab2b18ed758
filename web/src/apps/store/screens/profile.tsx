import ProfileRoute from '@/features/auth/routes/profile';
import { SavedPlayersManager } from '@/features/players/saved-players-manager';

/** /profile, with the saved players under the account's own sections. */
export default function ProfileScreen() {
  return <ProfileRoute more={<SavedPlayersManager />} />;
}
