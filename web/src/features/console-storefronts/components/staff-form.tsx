import { zodResolver } from '@hookform/resolvers/zod';
import { authLimits, staffInput } from '@raseed/contract';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'react-toastify';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { surfaceClass } from '@/components/ui/card';
import { TextField } from '@/components/ui/text-field';
import { ot } from '@/lib/console/copy-ar';
import { showServerErrors } from '@/lib/error-toast';
import { useAddStaff } from '../api';

type Values = { email: string; password: string; name: string };

// The name is optional: a blank field is no name (the server then gives its default), not a short one.
const withoutBlankName = z.preprocess(
  (v) => (v && typeof v === 'object' && String((v as Values).name).trim() === '' ? { ...v, name: undefined } : v),
  staffInput,
);
const resolver = zodResolver(withoutBlankName as unknown as z.ZodType<z.output<typeof staffInput>, Values>);

/** A new staff account for the storefront: checked by the contract's schema, the server's 422 on its field. */
export function StaffForm({ storefront }: { storefront: number }) {
  const titleId = useId();
  const add = useAddStaff();
  const form = useForm<Values, unknown, z.output<typeof staffInput>>({
    resolver,
    defaultValues: { email: '', password: '', name: '' },
  });
  const errors = form.formState.errors;
  const save = form.handleSubmit((values) =>
    add.mutate(
      { storefront, values },
      {
        onSuccess: (reply) => {
          toast.success(ot('staff.added', { email: reply.data.user.email }));
          form.reset();
        },
        onError: (e) => showServerErrors(e, form.setError),
      },
    ),
  );
  return (
    <form aria-labelledby={titleId} noValidate onSubmit={save} className={`${surfaceClass} flex flex-col gap-3 p-4`}>
      <h2 id={titleId} className="font-bold text-fg">
        {ot('staff.add')}
      </h2>
      <div className="grid grid-cols-1 gap-3 md:grid-cols-3">
        <TextField
          label={ot('staff.email')}
          type="email"
          ltr
          autoComplete="off"
          maxLength={authLimits.email}
          error={errors.email?.message}
          {...form.register('email')}
        />
        <TextField
          label={ot('staff.password')}
          hint={ot('staff.passwordHint')}
          type="password"
          ltr
          autoComplete="new-password"
          maxLength={authLimits.passwordMax}
          error={errors.password?.message}
          {...form.register('password')}
        />
        <TextField
          label={ot('staff.name')}
          maxLength={authLimits.name}
          error={errors.name?.message}
          {...form.register('name')}
        />
      </div>
      <Button type="submit" className="self-start" disabled={add.isPending}>
        {ot('staff.add')}
      </Button>
    </form>
  );
}
