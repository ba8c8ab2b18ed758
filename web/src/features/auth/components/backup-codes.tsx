import { t } from '@/lib/i18n';

/** The backup codes, shown once after confirming: each opens one sign-in without the phone. */
export function BackupCodes({ codes }: { codes: string[] }) {
  return (
    <section aria-labelledby="backup-codes-title" className="flex flex-col gap-2">
      <h2 id="backup-codes-title" className="text-lg font-bold text-fg">
        {t('2fa.backupCodes')}
      </h2>
      <p className="text-sm text-muted">{t('2fa.backupHint')}</p>
      <ol dir="ltr" className="grid grid-cols-2 gap-2 font-mono">
        {codes.map((code) => (
          <li key={code} className="rounded-lg bg-surface-2 px-3 py-2 text-center text-fg">
            {code}
          </li>
        ))}
      </ol>
    </section>
  );
}
