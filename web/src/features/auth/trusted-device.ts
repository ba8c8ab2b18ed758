/**
 * The `trusted_device` token a full sign-in returns, kept per e-mail on this device and sent
 * with the next /login of that account: others' failed attempts then do not slow it down.
 */
const KEY = 'trusted_devices';
const MAX_ACCOUNTS = 5;

function read(): Record<string, string> {
  try {
    const value = JSON.parse(localStorage.getItem(KEY) ?? '{}') as unknown;
    return value && typeof value === 'object' ? (value as Record<string, string>) : {};
  } catch {
    return {};
  }
}

export function trustedDeviceFor(email: string): string {
  return read()[email.trim().toLowerCase()] ?? '';
}

export function rememberTrustedDevice(email: string, token: string | undefined): void {
  if (!token) return;
  const all = read();
  delete all[email.trim().toLowerCase()];
  const kept = Object.entries(all).slice(-(MAX_ACCOUNTS - 1));
  localStorage.setItem(KEY, JSON.stringify(Object.fromEntries([...kept, [email.trim().toLowerCase(), token]])));
}
