import { deliveryMessages, MAX_CODES_PER_UPLOAD } from '@raseed/contract';
import { type FormEvent, useId, useRef, useState } from 'react';
import { isApiError } from '@/lib/api-client';
import { t } from '@/lib/i18n';
import { useUploadCodes } from '../api/stock';
import { ot } from '@/lib/console/copy-ar';
import { TextArea } from '@/components/ui/text-area';
import { ErrorNote } from '@/components/ui/error-note';
import { Button } from '@/components/ui/button';
import { FilePicker } from '@/components/ui/file-picker';

type Outcome = { kind: 'done'; text: string } | { kind: 'failed'; msg: string; lines: string[] };

/** The server numbers lines of what it got; blank lines are dropped here and in the box, so both count alike. */
function pastedLines(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean);
}

/** Adds codes to a product's stock: pasted (one per line) or a .txt/.csv file; says how many were added. */
export function CodesUpload({ productId }: { productId: number }) {
  const upload = useUploadCodes(productId);
  const fileId = useId();
  const fileRef = useRef<HTMLInputElement>(null);
  const [text, setText] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [pasteError, setPasteError] = useState<string>();
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  function send(input: { codes: string[] } | { file: File }, onDone: () => void) {
    setOutcome(null);
    upload.mutate(input, {
      onSuccess: (reply) => {
        setOutcome({
          kind: 'done',
          text: ot('stock.result', { added: reply.data.added, duplicates: reply.data.duplicates }),
        });
        onDone();
      },
      onError: (e) =>
        setOutcome(
          isApiError(e)
            ? { kind: 'failed', msg: e.msg, lines: [...new Set(Object.values(e.errors ?? {}).flat())] }
            : { kind: 'failed', msg: t('request.error'), lines: [] },
        ),
    });
  }

  function submitPaste(e: FormEvent) {
    e.preventDefault();
    const lines = pastedLines(text);
    if (lines.length === 0) return setPasteError(deliveryMessages.noCodes);
    if (lines.length > MAX_CODES_PER_UPLOAD) return setPasteError(deliveryMessages.tooManyCodes(MAX_CODES_PER_UPLOAD));
    setPasteError(undefined);
    setText(lines.join('\n'));
    send({ codes: lines }, () => setText(''));
  }

  function submitFile(e: FormEvent) {
    e.preventDefault();
    if (!file) return;
    send({ file }, () => {
      setFile(null);
      if (fileRef.current) fileRef.current.value = '';
    });
  }

  return (
    <div className="flex flex-col gap-4">
      <form onSubmit={submitPaste} noValidate className="flex flex-col gap-2">
        <TextArea
          label={ot('stock.paste')}
          hint={ot('stock.pasteHint')}
          error={pasteError}
          rows={6}
          dir="ltr"
          mono
          value={text}
          onChange={(e) => setText(e.target.value)}
        />
        <Button type="submit" className="self-start" disabled={upload.isPending}>
          {upload.isPending ? ot('stock.adding') : ot('stock.add')}
        </Button>
      </form>
      <form onSubmit={submitFile} className="flex flex-col gap-2">
        <label htmlFor={fileId} className="text-sm font-bold text-fg">
          {ot('stock.file')}
        </label>
        <div className="flex flex-wrap items-center gap-3">
          <FilePicker
            ref={fileRef}
            id={fileId}
            accept=".txt,.csv,text/plain,text/csv"
            pickLabel={ot('stock.pickFile')}
            fileName={file?.name ?? ot('form.noFile')}
            onChange={(e) => setFile(e.target.files?.[0] ?? null)}
          />
          <Button type="submit" variant="secondary" disabled={!file || upload.isPending}>
            {ot('stock.upload')}
          </Button>
        </div>
      </form>
      <div aria-live="polite">
        {outcome?.kind === 'done' ? (
          <p className="rounded-xl bg-accent/15 px-3 py-2 text-sm font-bold text-accent">{outcome.text}</p>
        ) : null}
        {outcome?.kind === 'failed' ? (
          <ErrorNote role="alert">
            {outcome.lines.length > 0 ? (
              <>
                <p className="font-bold">{ot('stock.errors')}</p>
                <ul className="mt-1 list-inside list-disc">
                  {outcome.lines.map((line) => (
                    <li key={line}>{line}</li>
                  ))}
                </ul>
              </>
            ) : (
              <p className="font-bold">{outcome.msg}</p>
            )}
          </ErrorNote>
        ) : null}
      </div>
    </div>
  );
}
