import { copyText } from '@/lib/clipboard';
import { t } from '@/lib/i18n';
import { IconButton } from './icon-button';
import { CopyIcon } from './icons';

/**
 * Delivered codes, each whole on its own line (wrapped, never cut with "…"), left to right in
 * a monospace face, with a 44 px copy button: customers paste them into game and store apps.
 */
export function CodesBlock({ codes }: { codes: string[] }) {
  if (codes.length === 0) return null;
  return (
    <section aria-label={t('codes.title')} className="rounded-xl border border-accent/50 bg-surface-2 p-3">
      <h3 className="mb-2 text-sm font-bold text-fg">{t('codes.title')}</h3>
      <ul className="grid gap-2">
        {codes.map((code, i) => (
          // Codes may repeat in theory; their position is what tells them apart.
          // biome-ignore lint/suspicious/noArrayIndexKey: a delivered list never reorders
          <li key={i} className="flex items-center gap-2 rounded-lg border border-line bg-surface ps-3">
            <code
              dir="ltr"
              className="min-w-0 flex-1 break-all py-2 text-end font-mono text-base font-bold text-fg select-all"
            >
              {code}
            </code>
            <IconButton
              tone="accent"
              onClick={() => void copyText(code)}
              aria-label={t('codes.copy', { n: i + 1 })}
              title={t('codes.copy', { n: i + 1 })}
            >
              <CopyIcon />
            </IconButton>
          </li>
        ))}
      </ul>
    </section>
  );
}
