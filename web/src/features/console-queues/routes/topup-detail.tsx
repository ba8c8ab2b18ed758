import { useParams } from 'react-router';
import { Page } from '@/components/ui/page';
import { useCharge } from '../api';
import { ot } from '@/lib/console/copy-ar';
import { ChargeCard } from '../components/topup-card';
import { ListState } from '@/components/ui/list-state';

/** One top-up request on its own page: where a duplicate flag's link leads. */
export default function ChargeDetail() {
  const id = Number(useParams().chargeId);
  const charge = useCharge(id);
  return (
    <Page title={ot('charges.one', { id })}>
      <ListState query={charge}>{(c) => <ChargeCard key={`${c.id}-${c.status}`} charge={c} />}</ListState>
    </Page>
  );
}
