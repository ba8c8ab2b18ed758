import { type FormEvent, useState } from 'react';
import { toast } from 'react-toastify';
import { isApiError } from '@/lib/api-client';
import { useSendNotice } from '../api';
import { ot } from '@/lib/console/copy-ar';
import { TextArea } from '@/components/ui/text-area';
import { TextField } from '@/components/ui/text-field';
import { toastError } from '@/lib/error-toast';
import { Button } from '@/components/ui/button';

/** A notice to one user, or with `userId` null to every customer. */
export function NoticeForm({ userId, onSent }: { userId: number | null; onSent?: () => void }) {
  const send = useSendNotice();
  const [title, setTitle] = useState('');
  const [msg, setMsg] = useState('');
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  function submit(e: FormEvent) {
    e.preventDefault();
    send.mutate(
      { userId, title: title.trim(), msg: msg.trim() },
      {
        onSuccess: () => {
          toast.success(ot('users.sent'));
          setTitle('');
          setMsg('');
          setErrors({});
          onSent?.();
        },
        onError: (err) => {
          setErrors(isApiError(err) && err.errors ? err.errors : {});
          toastError(err);
        },
      },
    );
  }
  return (
    <form onSubmit={submit} className="flex flex-col gap-3 border-t border-line pt-3">
      <TextField
        label={ot('users.noticeTitle')}
        maxLength={200}
        value={title}
        error={errors.title?.[0]}
        onChange={(e) => setTitle(e.target.value)}
      />
      <TextArea
        label={ot('users.noticeMsg')}
        maxLength={2000}
        rows={2}
        value={msg}
        error={errors.msg?.[0]}
        onChange={(e) => setMsg(e.target.value)}
      />
      <Button type="submit" className="self-start" disabled={send.isPending}>
        {ot('users.send')}
      </Button>
    </form>
  );
}
