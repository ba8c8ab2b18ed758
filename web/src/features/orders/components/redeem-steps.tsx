import { t } from '@/lib/i18n';

/** The operator's steps for using a delivered code (products.redeem_instructions), line breaks kept. */
export function RedeemSteps({ steps }: { steps: string | null | undefined }) {
  if (!steps?.trim()) return null;
  return (
    <section aria-label={t('result.redeemTitle')} className="rounded-xl border border-line bg-surface-2 p-3">
      <h3 className="mb-1 text-sm font-bold text-fg">{t('result.redeemTitle')}</h3>
      <p dir="auto" className="whitespace-pre-line break-words text-sm leading-7 text-fg">
        {steps}
      </p>
    </section>
  );
}
