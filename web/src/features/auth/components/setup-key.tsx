import { CopyIcon } from '@/components/ui/icons';
import { IconButton } from '@/components/ui/icon-button';
import { buttonClass } from '@/components/ui/button';
import { copyText } from '@/lib/clipboard';
import { t } from '@/lib/i18n';
import { keyTextClass } from './key-text';

// Only an authenticator's own scheme may become a link here.
const OTPAUTH = /^otpauth:\/\/totp\/[^\s"<>]+$/;

/** "JBSWY3DP…" in groups of four, as authenticator apps show and accept it. */
const grouped = (key: string) => key.replace(/(.{4})(?=.)/g, '$1 ');

/**
 * The setup key for typing into an authenticator by hand: one unbroken left-to-right line in
 * groups of four (copy takes it without the spaces), a copy button, and the `otpauth:` link
 * that adds the account straight to the authenticator on the same phone.
 */
export function SetupKey({ setupKey, otpauthUrl }: { setupKey: string; otpauthUrl: string }) {
  return (
    <div className="flex flex-col gap-2">
      <span className="text-sm font-bold text-fg">{t('2fa.setupKey')}</span>
      <div className="flex items-center gap-2 rounded-xl bg-surface-2 ps-3">
        <code
          dir="ltr"
          data-testid="setup-key"
          className={`${keyTextClass} min-w-0 flex-1 py-2 text-sm text-fg select-all sm:text-base`}
        >
          {grouped(setupKey)}
        </code>
        <IconButton
          tone="accent"
          aria-label={t('2fa.copyKey')}
          title={t('2fa.copyKey')}
          onClick={() => void copyText(setupKey)}
        >
          <CopyIcon />
        </IconButton>
      </div>
      {OTPAUTH.test(otpauthUrl) ? (
        <>
          <a href={otpauthUrl} className={buttonClass('secondary', { block: true })}>
            {t('2fa.openApp')}
          </a>
          <p className="text-xs text-muted">{t('2fa.openAppHint')}</p>
        </>
      ) : null}
    </div>
  );
}
