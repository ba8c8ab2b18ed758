import { useId } from 'react';
import { Button } from '@/components/ui/button';
import { fieldErrorClass, labelClass } from '@/components/ui/field';
import { TextField } from '@/components/ui/text-field';
import { ot } from '@/lib/console/copy-ar';

type Words = { legend: string; hint: string; item: (n: number) => string; add: string; remove: (n: number) => string };

/**
 * A list of addresses (hosts or origins), one field each, written left to right. `error` is the
 * list's own (none given, a host another storefront holds); `itemErrors` sit on their fields.
 */
export function AddressList({
  values,
  onChange,
  words,
  error,
  itemErrors,
  placeholder,
}: {
  values: string[];
  onChange: (values: string[]) => void;
  words: Words;
  error: string | undefined;
  itemErrors: ReadonlyArray<string | undefined>;
  placeholder: string;
}) {
  const id = useId();
  return (
    <fieldset className="flex min-w-0 flex-col gap-2" aria-describedby={error ? `${id}-error` : `${id}-hint`}>
      <legend className={`${labelClass} mb-1.5`}>{words.legend}</legend>
      {values.map((value, i) => (
        <TextField
          // Rows have no identity of their own; their place is what the server's errors name.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          key={i}
          label={words.item(i + 1)}
          ltr
          maxLength={300}
          placeholder={placeholder}
          value={value}
          error={itemErrors[i]}
          onChange={(e) => onChange(values.map((v, j) => (j === i ? e.target.value : v)))}
          addon={
            <Button
              variant="secondary"
              className="shrink-0"
              aria-label={words.remove(i + 1)}
              onClick={() => onChange(values.filter((_, j) => j !== i))}
            >
              {ot('storefronts.remove')}
            </Button>
          }
        />
      ))}
      {error ? (
        <p id={`${id}-error`} className={fieldErrorClass}>
          {error}
        </p>
      ) : (
        <p id={`${id}-hint`} className="text-xs text-muted">
          {words.hint}
        </p>
      )}
      <Button variant="outline" size="sm" className="self-start" onClick={() => onChange([...values, ''])}>
        {words.add}
      </Button>
    </fieldset>
  );
}
