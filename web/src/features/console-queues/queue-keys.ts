/** What a key does in the orders queue. */
export type QueueCommand = 'next' | 'prev' | 'accept' | 'reject' | 'help';

const commands: Record<string, QueueCommand> = {
  j: 'next',
  ArrowDown: 'next',
  k: 'prev',
  ArrowUp: 'prev',
  a: 'accept',
  r: 'reject',
  '?': 'help',
};

/** The keys of the help sheet, in its order, each with the keys that do it. */
export const queueKeys: ReadonlyArray<{ command: QueueCommand; keys: string[] }> = [
  { command: 'next', keys: ['j', '↓'] },
  { command: 'prev', keys: ['k', '↑'] },
  { command: 'accept', keys: ['a'] },
  { command: 'reject', keys: ['r'] },
  { command: 'help', keys: ['?'] },
];

type KeyEventLike = Pick<KeyboardEvent, 'key' | 'altKey' | 'ctrlKey' | 'metaKey' | 'target'>;

function typingIn(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || target.closest('input, textarea, select, [role="dialog"]') !== null;
}

/**
 * The command of a key press, or none: never while the operator types in a field or answers a
 * dialog, nor with a modifier (the browser's own shortcuts). An Arabic keyboard layout sends the
 * Arabic letter, so the physical key's Latin letter is also read from `code`.
 */
export function queueCommand(event: KeyEventLike & { code?: string }): QueueCommand | undefined {
  if (event.altKey || event.ctrlKey || event.metaKey || typingIn(event.target)) return undefined;
  const direct = commands[event.key];
  if (direct) return direct;
  const letter = event.code?.startsWith('Key') ? event.code.slice(3).toLowerCase() : undefined;
  return letter && 'jkar'.includes(letter) ? commands[letter] : undefined;
}
