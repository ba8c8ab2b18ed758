import { useState } from 'react';
import { nt } from '../copy-ar';

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
    <button
      type="button"
      onClick={copy}
      aria-label={label}
      className={
        'h-9 shrink-0 rounded-lg border border-line px-3 text-sm font-bold text-fg ' +
        'transition-colors hover:border-accent hover:text-accent'
      }
    >
      <span aria-live="polite">{copied ? nt('numbers.copied') : nt('numbers.copy')}</span>
    </button>
  );
}
