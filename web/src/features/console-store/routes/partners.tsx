import { partnerInput } from '@raseed/contract';
import { partners } from '../api';
import { ot } from '@/lib/console/copy-ar';
import { ContactListPage } from '../components/contact-list-page';

const fields = [
  { name: 'name', label: ot('field.name'), kind: 'text', maxLength: 120 },
  { name: 'phone', label: ot('field.phone'), kind: 'tel', ltr: true, maxLength: 40 },
  { name: 'address', label: ot('field.address'), kind: 'text', maxLength: 300 },
  { name: 'sort', label: ot('field.sort'), kind: 'number' },
] as const;

/** The store's agents, listed for customers with a chat link. */
export default function Partners() {
  return (
    <ContactListPage
      title={ot('partners.title')}
      addLabel={ot('partners.add')}
      resource={partners}
      items={(reply) => reply.data.partners}
      fields={fields}
      schema={partnerInput}
      numberKey="phone"
      noteKey="address"
      numberClass="text-sm text-fg"
    />
  );
}
