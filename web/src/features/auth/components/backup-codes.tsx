import { Button } from '@/components/ui/button';
import { copyText } from '@/lib/clipboard';
import { t } from '@/lib/i18n';
import { keyTextClass } from './key-text';

/** The file a customer keeps: who the codes are for, how they work, one code a line (CRLF for Notepad). */
export function codesFile(codes: string[], account: { store: string; email: string }): string {
  return [t('2fa.codesFileTitle', account), t('2fa.codesFileHint'), '', ...codes, ''].join('\r\n');
}

function download(name: string, text: string): void {
  const url = URL.createObjectURL(new Blob([`\uFEFF${text}`], { type: 'text/plain;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // The click has handed the file to the browser; the URL may go after this turn.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/**
 * The backup codes, shown once after confirming: each opens one sign-in without the phone. Each
 * code is one unbroken left-to-right run; all of them copy at once or download as a .txt file.
 */
export function BackupCodes({ codes, account }: { codes: string[]; account: { store: string; email: string } }) {
  return (
    <section aria-labelledby="backup-codes-title" className="flex flex-col gap-3">
      <h2 id="backup-codes-title" className="text-lg font-bold text-fg">
        {t('2fa.backupCodes')}
      </h2>
      <p className="text-sm text-muted">{t('2fa.backupHint')}</p>
      <ol dir="ltr" className="grid grid-cols-2 gap-2">
        {codes.map((code) => (
          <li key={code} className="min-w-0 rounded-lg bg-surface-2 px-2 py-2 text-center text-fg">
            <code className={`${keyTextClass} text-sm sm:text-base`}>{code}</code>
          </li>
        ))}
      </ol>
      <div className="grid gap-2 sm:grid-cols-2">
        <Button variant="secondary" onClick={() => void copyText(codes.join('\n'))}>
          {t('2fa.copyCodes')}
        </Button>
        <Button
          variant="secondary"
          onClick={() => download(`recovery-codes-${account.email}.txt`, codesFile(codes, account))}
        >
          {t('2fa.downloadCodes')}
        </Button>
      </div>
    </section>
  );
}
