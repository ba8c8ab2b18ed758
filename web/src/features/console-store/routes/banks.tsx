import { bankInput } from '@raseed/contract';
import { banks } from '../api';
import { ot } from '@/lib/console/copy-ar';
import { ContactListPage } from '../components/contact-list-page';

const fields = [
  { name: 'name', label: ot('field.name'), kind: 'text', maxLength: 120 },
  { name: 'iban', label: ot('field.iban'), kind: 'text', ltr: true, maxLength: 64 },
  { name: 'holder', label: ot('field.holder'), kind: 'text', maxLength: 120 },
  { name: 'sort', label: ot('field.sort'), kind: 'number' },
  { name: 'info', label: ot('field.info'), kind: 'textarea', maxLength: 2000 },
] as const;

/** Payment methods customers transfer to before a top-up. */
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
    />
  );
}
