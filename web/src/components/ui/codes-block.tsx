import { copyText } from '@/lib/clipboard';
import { t } from '@/lib/i18n';
import { IconButton } from './icon-button';
import { CopyIcon } from './icons';

/**
 * Delivered codes, each whole on one line: an isolated left-to-right block in a monospace face
 * that never wraps mid-code (a code longer than the screen scrolls sideways inside its box), with
 * a 44 px copy button: customers paste them into game and store apps. `lg`: the purchase result,
 * where the code is the point of the screen.
 */
export function CodesBlock({ codes, size = 'md' }: { codes: string[]; size?: 'md' | 'lg' }) {
  if (codes.length === 0) return null;
  const text = size === 'lg' ? 'py-3 text-xl sm:text-2xl' : 'py-2 text-base';
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
              data-code=""
              className={
                'min-w-0 flex-1 overflow-x-auto whitespace-nowrap text-start font-mono font-bold tracking-wide ' +
                `text-fg select-all [unicode-bidi:isolate] ${text}`
              }
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
