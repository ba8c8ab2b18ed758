import { Link } from 'react-router';
import { buttonClass } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { paths } from '@/lib/paths';
import { keysAr } from './copy-ar';

/** The profile's way to the API keys, for a customer the store gave API access (the store app decides when). */
export function ApiKeysLink() {
  return (
    <Card as="section" className="flex flex-wrap items-center justify-between gap-3" aria-labelledby="api-keys-link">
      <div>
        <h2 id="api-keys-link" className="text-lg font-bold text-fg">
          {keysAr.title}
        </h2>
        <p className="text-sm text-muted">{keysAr.profileHint}</p>
      </div>
      <Link to={paths.apiKeys} className={buttonClass('outline')}>
        {keysAr.profileLink}
      </Link>
    </Card>
  );
}
