import type { CreatedApiKey } from '@raseed/contract';
import { useEffect, useRef } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { IconButton } from '@/components/ui/icon-button';
import { CopyIcon } from '@/components/ui/icons';
import { copyText } from '@/lib/clipboard';
import { keysAr } from '../copy-ar';

/**
 * The token of the key just made, the only time it is shown: whole, left to right, with a copy
 * button. "Copied" hides it for good; it lives only in this component's props, never in storage.
 */
export function NewToken({ apiKey, onDone }: { apiKey: CreatedApiKey; onDone: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  // Focus moves here so a screen reader announces the token right after the form is sent.
  useEffect(() => heading.current?.focus(), []);
  return (
    <Card as="section" padding="xl" aria-labelledby="new-token-title">
      <h2 id="new-token-title" ref={heading} tabIndex={-1} className="mb-1 text-lg font-bold text-fg">
        {keysAr.tokenTitle}
      </h2>
      <p className="mb-3 text-sm text-muted">{keysAr.tokenHint}</p>
      <div className="flex items-center gap-2 rounded-lg border border-line bg-surface-2 ps-3">
        <code
          dir="ltr"
          data-token=""
          className={
            'min-w-0 flex-1 overflow-x-auto whitespace-nowrap py-2 text-start font-mono text-sm font-bold ' +
            'text-fg select-all [unicode-bidi:isolate]'
          }
        >
          {apiKey.token}
        </code>
        <IconButton
          tone="accent"
          onClick={() => void copyText(apiKey.token)}
          aria-label={keysAr.copy}
          title={keysAr.copy}
        >
          <CopyIcon />
        </IconButton>
      </div>
      <Button className="mt-4" variant="secondary" onClick={onDone}>
        {keysAr.copied}
      </Button>
    </Card>
  );
}
