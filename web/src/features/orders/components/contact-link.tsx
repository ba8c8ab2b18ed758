import { whatsappLink } from '@raseed/contract/plain';
import { buttonClass } from '@/components/ui/button';
import { t } from '@/lib/i18n';
import { useSettings } from '@/lib/settings';

/** "تواصل معنا بخصوص هذا الطلب": the store's WhatsApp (settings) with the order number already written. */
export function ContactAboutOrder({ orderId }: { orderId: number }) {
  const phone = useSettings().data?.setting.whatsapp;
  if (!phone || !/\d/.test(phone)) return null;
  const href = `${whatsappLink(phone)}?text=${encodeURIComponent(t('result.contactText', { id: orderId }))}`;
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" className={buttonClass('outline', { block: true })}>
      {t('result.contact')}
    </a>
  );
}
