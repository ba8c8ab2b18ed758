import type { Settings } from '@raseed/contract';
import type { ReactNode } from 'react';
import { ChatIcon, FacebookIcon, InstagramIcon, TelegramIcon } from '@/components/ui/icons';
import { type SocialNetwork, socialLinks } from '@/features/settings/links';
import { t } from '@/lib/i18n';

const icons: Record<SocialNetwork, ReactNode> = {
  facebook: <FacebookIcon />,
  telegram: <TelegramIcon />,
  instagram: <InstagramIcon />,
  whatsapp: <ChatIcon />,
};

/** The store's social accounts; each appears only when the operator has set it. */
export function SocialLinks({ setting }: { setting: Settings | undefined }) {
  const links = socialLinks(setting);
  if (links.length === 0) return null;
  return (
    <ul aria-label={t('nav.social')} className="flex flex-wrap gap-2">
      {links.map((link) => (
        <li key={link.network}>
          <a
            href={link.href}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={t(link.label)}
            className={
              'inline-flex size-11 items-center justify-center rounded-xl border border-line ' +
              'bg-surface-2 text-fg transition-colors hover:border-accent hover:text-accent'
            }
          >
            {icons[link.network]}
          </a>
        </li>
      ))}
    </ul>
  );
}
