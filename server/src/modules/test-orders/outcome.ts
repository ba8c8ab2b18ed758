/**
 * What a test order does, chosen by the player data an integrator sends, so every path of their
 * system can be tried (docs/api-for-resellers.md#test-mode): `…0001` delivered at once, `…0002`
 * pending then delivered after the delay, `…0003` rejected and given back, anything else (and a
 * code product, which has no player data) delivered.
 */
export type TestOutcome = 'delivered' | 'later' | 'rejected';

export function testOutcomeOf(playerData: string | null): TestOutcome {
  const data = playerData?.trim() ?? '';
  if (data.endsWith('0002')) return 'later';
  if (data.endsWith('0003')) return 'rejected';
  return 'delivered';
}

/** 1,000 $ in balance micros: what a customer's test balance starts with. */
export const TEST_BALANCE_START = 1_000_000_000;
