import { zodResolver } from '@hookform/resolvers/zod';
import { type ProfileBody, profileBody, type User } from '@raseed/contract';
import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'react-toastify';
import type { z } from 'zod';
import { Card } from '@/components/ui/card';
import { Page } from '@/components/ui/page';
import { isApiError } from '@/lib/api-client';
import { t } from '@/lib/i18n';
import { useSaveProfile } from '../api';
import { EmailField } from '../components/email-field';
import { TwoFactorSwitch } from '../components/two-factor-switch';
import { latinDigitsField } from '@/lib/latin-digits-field';
import { TextField } from '@/components/ui/text-field';
import { errorMessage } from '../errors';
import { useSessionState } from '@/lib/session-store';
import { Button } from '@/components/ui/button';
import { ErrorNote } from '@/components/ui/error-note';

type ProfileValues = z.output<typeof profileBody>;
const fields = ['name', 'email', 'phone', 'password'] as const;

/**
 * /profile: name, e-mail, phone and an optional new password; the two-factor switch (docs/product-rules.md#screens and
 * #validation).
 */
export default function ProfileRoute({ more }: { more?: ReactNode }) {
  const { user } = useSessionState();
  // RequireUser renders this screen only with a user.
  return user ? <ProfileScreen user={user} more={more} /> : null;
}

/** `more`: sections other features add under the account's own (the saved players), composed by the store app. */
function ProfileScreen({ user, more }: { user: User; more: ReactNode }) {
  const save = useSaveProfile();
  const form = useForm<ProfileBody, unknown, ProfileValues>({
    resolver: zodResolver(profileBody),
    defaultValues: { name: user.name, email: user.email, phone: user.phone, password: '' },
  });
  const { errors } = form.formState;

  const onSubmit = (values: ProfileValues) =>
    save.mutate(
      { name: values.name, email: values.email, phone: values.phone, password: values.password ?? '' },
      {
        onSuccess: (reply) => {
          form.reset({ ...values, password: '' });
          toast.success(reply.msg ?? t('profile.saved'));
        },
        onError: (error) => {
          // Messages the server ties to a field show beside it, like the form's own checks.
          const byField = isApiError(error) ? error.errors : undefined;
          for (const field of fields) {
            const message = byField?.[field]?.[0];
            if (message) form.setError(field, { message });
          }
        },
      },
    );

  return (
    <div className="mx-auto w-full max-w-xl">
      <Page title={t('nav.profile')}>
        <div className="flex flex-col gap-4">
          <Card padding="xl">
            <form noValidate className="flex flex-col gap-4" onSubmit={form.handleSubmit(onSubmit)}>
              <TextField
                label={t('auth.name')}
                autoComplete="name"
                error={errors.name?.message}
                {...form.register('name')}
              />
              <EmailField error={errors.email?.message} {...form.register('email')} />
              <TextField
                label={t('auth.phone')}
                type="tel"
                autoComplete="tel"
                ltr
                error={errors.phone?.message}
                {...latinDigitsField(form.register('phone'))}
              />
              <TextField
                label={t('auth.password')}
                type="password"
                autoComplete="new-password"
                ltr
                hint={t('profile.passwordHint')}
                error={errors.password?.message}
                {...form.register('password')}
              />
              {save.isError ? <ErrorNote role="alert">{errorMessage(save.error)}</ErrorNote> : null}
              <Button type="submit" block disabled={save.isPending}>
                {save.isPending ? t('auth.processing') : t('profile.save')}
              </Button>
            </form>
          </Card>
          <TwoFactorSwitch user={user} />
          {more}
        </div>
      </Page>
    </div>
  );
}
