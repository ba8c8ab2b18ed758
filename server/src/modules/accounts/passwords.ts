import argon2 from 'argon2';

// OWASP's argon2id profile: m=19 MiB, t=2, p=1.
const production = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;
// Test runs only: the lowest argon2id cost, so the thousands of sign-ups and sign-ins the tests
// make do not each spend ~40 ms of a shared CPU. Vitest sets both VITEST and NODE_ENV=test in its
// processes (and the stores they spawn inherit them); a deployment sets neither, and
// NODE_ENV=production can never pick it. A hash carries its own cost, so verifying is the same code.
const testOnly = { type: argon2.argon2id, memoryCost: 1024, timeCost: 1, parallelism: 1 } as const;
const options = process.env.VITEST && process.env.NODE_ENV === 'test' ? testOnly : production;

export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, options);
}

export async function verifyPassword(hash: string | null, password: string): Promise<boolean> {
  if (!hash) {
    // Spend the same time when there is no hash, so timing does not reveal unknown accounts.
    await argon2.hash(password, options);
    return false;
  }
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
}
