import { type Partner, whatsappLink } from '@raseed/contract';
import { Card } from '@/components/ui/card';
import { ChatIcon } from '@/components/ui/icons';
import { t } from '@/lib/i18n';
import { buttonClass } from '@/components/ui/button';

export function PartnerCard({ partner }: { partner: Partner }) {
  return (
    <Card className="flex h-full flex-col items-center gap-3 text-center">
      {partner.img ? (
        <img src={partner.img} alt="" className="size-24 rounded-full border border-line object-cover" />
      ) : (
        <span aria-hidden="true" className="size-24 rounded-full bg-gradient-to-br from-surface-2 to-line" />
      )}
      <h2 className="text-lg font-bold text-fg">{partner.name}</h2>
      {partner.address ? <p className="text-muted">{partner.address}</p> : null}
      {partner.phone ? (
        <>
          <p dir="ltr" className="font-mono font-bold text-fg">
            {partner.phone}
          </p>
          <a
            href={whatsappLink(partner.phone)}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={t('partners.chatWith', { name: partner.name })}
            className={`${buttonClass()} mt-auto`}
          >
            <ChatIcon className="size-5" />
            {t('partners.chat')}
          </a>
        </>
      ) : null}
    </Card>
  );
}
