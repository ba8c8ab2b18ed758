import type { CreatedApiKey } from '@raseed/contract';
import { useState } from 'react';
import { Page } from '@/components/ui/page';
import { CreateKeyForm } from '../components/create-key-form';
import { KeyList } from '../components/key-list';
import { NewToken } from '../components/new-token';
import { WebhooksSection } from '../components/webhooks-section';
import { keysAr } from '../copy-ar';

/**
 * /api-keys «واجهة البرمجة»: the keys of a customer the store gave API access (the route table
 * guards it), a form for a new one, and its token once, in place of the form, until copied; then
 * the webhook endpoints where the store sends their events.
 */
export default function ApiKeysRoute() {
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  return (
    <div className="mx-auto w-full max-w-2xl">
      <Page title={keysAr.title} description={keysAr.intro}>
        <div className="flex flex-col gap-4">
          {created ? (
            <NewToken apiKey={created} onDone={() => setCreated(null)} />
          ) : (
            <CreateKeyForm onCreated={setCreated} />
          )}
          <KeyList />
          <WebhooksSection />
        </div>
      </Page>
    </div>
  );
}
