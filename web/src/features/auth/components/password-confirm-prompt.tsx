import { useEffect, useState } from 'react';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { setPasswordConfirmHandler } from '@/lib/api-client';
import { t } from '@/lib/i18n';
import { useConfirmPassword } from '../api';
import { errorMessage } from '../errors';
import { TextField } from '@/components/ui/text-field';

type Ask = { msg: string; resolve: (confirmed: boolean) => void };

/**
 * When the server answers 423 (an e-mail, password or two-factor change without a recent
 * password confirmation), asks for the password, confirms it and lets the API client send
 * the same request again. "رجوع" gives up: the original call fails with the server's message.
 */
export function PasswordConfirmPrompt() {
  const [ask, setAsk] = useState<Ask | null>(null);
  useEffect(() => {
    setPasswordConfirmHandler((msg) => new Promise<boolean>((resolve) => setAsk({ msg, resolve })));
    return () => setPasswordConfirmHandler(null);
  }, []);
  if (!ask) return null;
  return (
    <PasswordDialog
      ask={ask}
      onDone={(confirmed) => {
        ask.resolve(confirmed);
        setAsk(null);
      }}
    />
  );
}

function PasswordDialog({ ask, onDone }: { ask: Ask; onDone: (confirmed: boolean) => void }) {
  const [password, setPassword] = useState('');
  const confirm = useConfirmPassword();
  const close = onDone;
  return (
    <ConfirmDialog
      title={t('auth.confirmPasswordTitle')}
      confirmLabel={t('auth.confirmPassword')}
      backLabel={t('review.back')}
      pending={confirm.isPending}
      pendingLabel={t('auth.processing')}
      onConfirm={() => confirm.mutate(password, { onSuccess: () => close(true) })}
      onBack={() => close(false)}
    >
      <p className="mb-3 text-sm text-muted">{ask.msg}</p>
      <TextField
        label={t('auth.password')}
        type="password"
        autoComplete="current-password"
        ltr
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        error={confirm.isError ? errorMessage(confirm.error) : undefined}
      />
    </ConfirmDialog>
  );
}
