import type { ReactNode } from 'react';
import { Card } from '@/components/ui/card';
import { Page } from '@/components/ui/page';

/** The narrow centred card the guest screens (login, register, challenge) sit in. */
export function AuthPanel({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="mx-auto w-full max-w-md">
      <Page title={title}>
        <Card padding="xl">{children}</Card>
      </Page>
    </div>
  );
}
