import { Link } from 'react-router';
import { useSessionState } from '@/lib/session-store';
import { useSettings } from '@/lib/settings';
import { whatsappHref } from '@/features/settings/links';
import { useBanks } from '@/features/topup/api';
import { t } from '@/lib/i18n';
import { paths } from '@/lib/paths';
import { SocialLinks } from './social-links';

const heading = 'mb-2 text-sm font-bold text-fg';
const footLink =
  'inline-flex min-h-11 items-center text-sm text-muted underline-offset-4 hover:text-fg hover:underline';

/** The banks customers can pay by; only a signed-in customer may read them. */
function PaymentMethods() {
  const banks = useBanks().data ?? [];
  if (banks.length === 0) return null;
  return (
    <div>
      <p className={heading}>{t('footer.payments')}</p>
      <ul className="flex flex-wrap gap-2">
        {banks.map((bank) => (
          <li key={bank.id} className="rounded-lg border border-line bg-surface-2 px-2.5 py-1 text-sm text-fg">
            {bank.name}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Who runs the store and how to reach it: contacts, WhatsApp number, agents, payment methods. */
export function SiteFooter() {
  const { user } = useSessionState();
  const setting = useSettings().data?.setting;
  const whatsapp = whatsappHref(setting?.whatsapp);
  return (
    <footer className="border-t border-line bg-surface px-4 pt-6 pb-28 md:px-6 md:pb-8">
      <div className="mx-auto grid max-w-7xl gap-6 md:grid-cols-3">
        <div>
          <p className={heading}>{t('footer.contact')}</p>
          {whatsapp && setting?.whatsapp ? (
            <a href={whatsapp} target="_blank" rel="noopener noreferrer" className={footLink}>
              {t('footer.whatsapp')}
              <bdi dir="ltr" className="ms-1">
                {setting.whatsapp}
              </bdi>
            </a>
          ) : null}
          <SocialLinks setting={setting} />
        </div>
        <div>
          <p className={heading}>{t('nav.partners')}</p>
          <Link to={paths.partners} className={footLink}>
            {t('footer.partners')}
          </Link>
        </div>
        {user ? <PaymentMethods /> : null}
      </div>
      <p className="mx-auto mt-6 max-w-7xl text-xs text-muted">
        {t('footer.rights', { name: setting?.name || t('app.name') })}
      </p>
    </footer>
  );
}
