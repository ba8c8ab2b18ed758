import { useEffect, useRef } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { IconButton } from '@/components/ui/icon-button';
import { CopyIcon } from '@/components/ui/icons';
import { copyText } from '@/lib/clipboard';
import { keysAr } from '../copy-ar';

/**
 * A webhook endpoint's signing secret, the only time it is shown (after adding the endpoint or
 * rotating its secret): whole, left to right, with a copy button; "copied" hides it for good.
 */
export function NewSecret({
  url,
  secret,
  hint,
  onDone,
}: {
  url: string;
  secret: string;
  hint: string;
  onDone: () => void;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <Card as="section" padding="xl" aria-labelledby="new-secret-title">
      <h2 id="new-secret-title" ref={heading} tabIndex={-1} className="mb-1 text-lg font-bold text-fg">
        {keysAr.secretTitle}
      </h2>
      <p className="mb-1 text-sm text-muted">{hint}</p>
      <p dir="ltr" className="mb-3 text-start text-sm break-all text-muted [unicode-bidi:isolate]">
        {url}
      </p>
      <div className="flex items-center gap-2 rounded-lg border border-line bg-surface-2 ps-3">
        <code
          dir="ltr"
          data-secret=""
          className={
            'min-w-0 flex-1 overflow-x-auto whitespace-nowrap py-2 text-start font-mono text-sm font-bold ' +
            'text-fg select-all [unicode-bidi:isolate]'
          }
        >
          {secret}
        </code>
        <IconButton
          tone="accent"
          onClick={() => void copyText(secret)}
          aria-label={keysAr.copySecret}
          title={keysAr.copySecret}
        >
          <CopyIcon />
        </IconButton>
      </div>
      <Button className="mt-4" variant="secondary" onClick={onDone}>
        {keysAr.copiedSecret}
      </Button>
    </Card>
  );
}
