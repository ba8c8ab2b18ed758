import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type StatementRequest = { from: string; to: string; format: 'csv' | 'pdf' };

/** Downloads the statement file (GET /balances/statement) and hands it to the browser as a download. */
export async function downloadStatement(r: StatementRequest): Promise<void> {
  const blob = await api.file('/balances/statement', { query: { from: r.from, to: r.to, format: r.format } });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = `statement-${r.from}-${r.to}.${r.format}`;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function useDownloadStatement() {
  return useMutation({ mutationFn: downloadStatement });
}
