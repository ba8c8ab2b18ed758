import type { CustomerRef } from '@raseed/contract';
import { ot } from '@/lib/console/copy-ar';
import { CopyButton } from '@/components/console/copy-button';

/** Who asked: name, and the e-mail and phone (Latin, left to right) to reach them; the phone copies. */
export function CustomerBlock({ user }: { user: CustomerRef }) {
  return (
    <div className="rounded-xl bg-surface-2 px-3 py-2 text-sm">
      <p className="text-muted">{ot('orders.customer')}</p>
      <p className="font-bold text-fg">{user.name}</p>
      <p className="flex flex-wrap items-center gap-x-3 text-muted">
        <span dir="ltr">{user.email}</span>
        {user.phone ? (
          <span className="inline-flex items-center">
            <span dir="ltr">{user.phone}</span>
            <CopyButton label={ot('copy.phone')} value={user.phone} />
          </span>
        ) : null}
      </p>
    </div>
  );
}
