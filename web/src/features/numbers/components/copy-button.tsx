import { useState } from 'react';
import { nt } from '../copy-ar';
import { Button } from '@/components/ui/button';

/** Copies a phone number or a code; says so for a moment (and to screen readers). */
export function CopyButton({ text, label }: { text: string; label: string }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
      window.setTimeout(() => setCopied(false), 1500);
    } catch (error) {
      console.error('copy failed', error);
    }
  };
  return (
    <Button onClick={copy} aria-label={label} variant="outline" size="sm" className="shrink-0">
      <span aria-live="polite">{copied ? nt('numbers.copied') : nt('numbers.copy')}</span>
    </Button>
  );
}
