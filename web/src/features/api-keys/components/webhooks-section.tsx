import type { WebhookWithSecret } from '@raseed/contract';
import { useState } from 'react';
import { Card } from '@/components/ui/card';
import { keysAr } from '../copy-ar';
import { CreateWebhookForm } from './create-webhook-form';
import { NewSecret } from './new-secret';
import { WebhookList } from './webhook-list';

/**
 * «عناوين الاستقبال»: where the store sends the customer's events. A new endpoint's secret, or a
 * rotated one, takes the form's place until copied; it is never shown again.
 */
export function WebhooksSection() {
  const [secret, setSecret] = useState<{ webhook: WebhookWithSecret; rotated: boolean } | null>(null);
  return (
    <div className="flex flex-col gap-4">
      {secret ? (
        <NewSecret
          url={secret.webhook.url}
          secret={secret.webhook.secret}
          hint={secret.rotated ? keysAr.secretRotatedHint : keysAr.secretHint}
          onDone={() => setSecret(null)}
        />
      ) : null}
      <Card as="section" padding="xl" aria-labelledby="hooks-title">
        <h2 id="hooks-title" className="mb-1 text-lg font-bold text-fg">
          {keysAr.hooksTitle}
        </h2>
        <p className="mb-4 text-sm text-muted">{keysAr.hooksIntro}</p>
        <div className="flex flex-col gap-6">
          {secret ? null : <CreateWebhookForm onCreated={(webhook) => setSecret({ webhook, rotated: false })} />}
          <WebhookList onSecret={(webhook) => setSecret({ webhook, rotated: true })} />
        </div>
      </Card>
    </div>
  );
}
