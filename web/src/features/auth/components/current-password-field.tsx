import { TextField } from '@/components/ui/text-field';
import { t } from '@/lib/i18n';

/** The account's current password, asked again before a sensitive step (linking Google, a 423). */
export function CurrentPasswordField({
  value,
  onChange,
  error,
}: {
  value: string;
  onChange: (value: string) => void;
  error: string | undefined;
}) {
  return (
    <TextField
      label={t('auth.password')}
      type="password"
      autoComplete="current-password"
      ltr
      value={value}
      error={error}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}
