import { useState } from 'react';
import { Page } from '@/components/ui/page';
import { type UserFilter, useAdminUsers } from '../api';
import { ot } from '@/lib/console/copy-ar';
import { ListFilters } from '@/components/console/list-filters';
import { NoticeForm } from '../components/notice-form';
import { ListState } from '@/components/ui/list-state';
import { Pager } from '@/components/ui/pager';
import { UserCard } from '../components/user-card';
import { Card } from '@/components/ui/card';

/** Accounts: find one, correct a balance with a reason, send notices. */
export default function Users() {
  const [filter, setFilter] = useState<UserFilter>({ search: '', page: 1 });
  const users = useAdminUsers(filter);
  return (
    <Page title={ot('users.title')}>
      <Card as="details" className="mb-5">
        <summary className="cursor-pointer font-bold text-fg">{ot('users.notifyAll')}</summary>
        <div className="mt-3">
          <NoticeForm userId={null} />
        </div>
      </Card>
      <ListFilters
        search={filter.search}
        searchLabel={ot('filter.searchUsers')}
        onSearch={(search) => setFilter({ search, page: 1 })}
      />
      <ListState query={users} isEmpty={(d) => d.users.length === 0}>
        {(data) => (
          <div className="flex flex-col gap-3">
            {data.users.map((u) => (
              <UserCard key={u.id} user={u} />
            ))}
          </div>
        )}
      </ListState>
      <Pager page={filter.page} paginate={users.data?.paginate} onPage={(page) => setFilter({ ...filter, page })} />
    </Page>
  );
}
