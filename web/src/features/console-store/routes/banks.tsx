import { type AdminBank, bankInput } from '@raseed/contract';
import { formatCurrency } from '@/lib/format';
import { banks } from '../api';
import { ot } from '@/lib/console/copy-ar';
import { ContactListPage } from '../components/contact-list-page';

const currencies = [
  { value: 'USD', label: ot('banks.currency.USD') },
  { value: 'SYP', label: ot('banks.currency.SYP') },
  { value: 'TRY', label: ot('banks.currency.TRY') },
] as const;

const fields = [
  { name: 'name', label: ot('field.name'), kind: 'text', maxLength: 120 },
  { name: 'iban', label: ot('field.iban'), kind: 'text', ltr: true, maxLength: 64 },
  { name: 'holder', label: ot('field.holder'), kind: 'text', maxLength: 120 },
  { name: 'currency', label: ot('field.currency'), kind: 'select', options: currencies },
  {
    name: 'rate',
    label: ot('field.rate'),
    hint: ot('field.rateHint'),
    kind: 'text',
    ltr: true,
    inputMode: 'decimal',
    maxLength: 24,
  },
  { name: 'sort', label: ot('field.sort'), kind: 'number' },
  { name: 'info', label: ot('field.info'), kind: 'textarea', maxLength: 2000 },
] as const;

/** A dollar bank's line reads "USD"; another currency shows its rate, so a stale one is seen on the list. */
function rateLine(bank: AdminBank): string {
  if (bank.currency === 'USD') return ot('banks.currency.USD');
  return ot('banks.rateLine', { rate: formatCurrency(bank.rate, bank.currency) });
}

/** Payment methods customers transfer to before a top-up, each in its currency at the operator's rate. */
export default function Banks() {
  return (
    <ContactListPage
      title={ot('banks.title')}
      addLabel={ot('banks.add')}
      resource={banks}
      items={(reply) => reply.data.banks}
      fields={fields}
      schema={bankInput}
      numberKey="iban"
      noteKey="info"
      numberClass="text-sm font-bold text-fg"
      extraDefaults={(bank) => ({
        holder: bank?.holder ?? '',
        currency: bank?.currency ?? 'USD',
        rate: bank && bank.currency !== 'USD' ? bank.rate : '',
      })}
      extraMeta={rateLine}
    />
  );
}
