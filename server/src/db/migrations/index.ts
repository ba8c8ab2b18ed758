import type { Migration, MigrationProvider } from 'kysely';
import * as initial from './2026-11-21-initial';
import * as twoFactorChallengeAttempts from './2026-11-22-two-factor-challenge-attempts';
import * as fraudDashboard from './2026-11-23-19-fraud-dashboard';

/** Migrations listed in code (not read from disk) so they run the same under tsx and in tests. */
export const migrations: MigrationProvider = {
  async getMigrations(): Promise<Record<string, Migration>> {
    return {
      '2026-11-21-initial': initial,
      '2026-11-22-two-factor-challenge-attempts': twoFactorChallengeAttempts,
      '2026-11-23-19-fraud-dashboard': fraudDashboard,
    };
  },
};
