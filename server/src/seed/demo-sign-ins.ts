import type { DemoSignIn } from '../modules/demo';

const RESET = 'npm run operator -- demo --reset <email>';

/**
 * The demo's sign-ins as a few terminal lines: printed at every start of a demo store while a
 * password is still the one the demo gave (and by `npm run operator -- demo`), so a restart
 * says how to get in again.
 */
export function signInLines(signIns: DemoSignIn[], origin: string): string[] {
  const lines = [`Sign in at ${origin}/login (console at ${origin}/admin):`];
  for (const s of signIns) {
    const password = s.password ?? `(changed; a new one: ${RESET.replace('<email>', s.email)})`;
    lines.push(`  ${s.role.padEnd(8)}  ${s.email}  password: ${password}`);
    if (s.setupKey)
      lines.push(`  ${''.padEnd(8)}  two-factor code: oathtool --totp -b ${s.setupKey}  (or the key in an app)`);
  }
  return lines;
}
