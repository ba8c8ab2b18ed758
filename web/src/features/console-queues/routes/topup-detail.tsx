import { useParams } from 'react-router';
import { Page } from '@/components/ui/page';
import { useTopup } from '../api';
import { ot } from '@/lib/console/copy-ar';
import { TopupCard } from '../components/topup-card';
import { ListState } from '@/components/ui/list-state';

/** One top-up request on its own page: where a duplicate flag's link leads. */
export default function ChargeDetail() {
  const id = Number(useParams().topupId);
  const topup = useTopup(id);
  return (
    <Page title={ot('topups.one', { id })}>
      <ListState query={topup}>{(c) => <TopupCard key={`${c.id}-${c.status}`} topup={c} />}</ListState>
    </Page>
  );
}
