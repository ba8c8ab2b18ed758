import { CopyIcon } from '@/components/ui/icons';
import { Button, buttonClass } from '@/components/ui/button';
import { copyText } from '@/lib/clipboard';
import { t } from '@/lib/i18n';
import { keyTextClass } from './key-text';

// Only an authenticator's own scheme may become a link here.
const OTPAUTH = /^otpauth:\/\/totp\/[^\s"<>]+$/;

const keyBox =
  'rounded-xl bg-surface-2 px-3 py-2.5 text-center text-xs text-fg select-all min-[400px]:text-sm sm:text-base';

/** "JBSWY3DP…" in groups of four, as authenticator apps show and accept it. */
const grouped = (key: string) => key.replace(/(.{4})(?=.)/g, '$1 ');

/**
 * The setup key for typing into an authenticator by hand: one unbroken left-to-right line in
 * groups of four, across the whole card (copy takes it without the spaces), and the `otpauth:` link
 * that adds the account straight to the authenticator on the same phone.
 */
export function SetupKey({ setupKey, otpauthUrl }: { setupKey: string; otpauthUrl: string }) {
  return (
    <div className="flex flex-col gap-2">
      <span className="text-sm font-bold text-fg">{t('2fa.setupKey')}</span>
      {/* The whole width for the key: 32 characters in groups fit a 390 px phone at this size. */}
      <code dir="ltr" data-testid="setup-key" className={`${keyTextClass} ${keyBox}`}>
        {grouped(setupKey)}
      </code>
      <Button variant="secondary" block onClick={() => void copyText(setupKey)}>
        <CopyIcon />
        {t('2fa.copyKey')}
      </Button>
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
