import type { FastifyBaseLogger } from 'fastify';

/** Every operator decision that moves or settles money, by one name each. */
export type MoneyDecisionKind =
  | 'order.accept'
  | 'order.reject'
  | 'order.cancel-approved'
  | 'order.cancel-denied'
  | 'topup.approve'
  | 'topup.reject'
  | 'balance.adjust'
  | 'debt.lend'
  | 'debt.repay';

export type MoneyDecision = {
  decision: MoneyDecisionKind;
  operatorId: number;
  /** The customer whose money it is. */
  userId: number;
  orderId?: number;
  topupId?: number;
  /** In the balance currency, as the console shows it ("9.50"; negative for a debit). */
  amount: string;
};

/**
 * One line per decision, after it committed, on the request's logger (so it carries the request
 * id): who decided, whose money, how much, which order or top-up. Never a message, a code, a
 * reason text or a password: those can hold what a customer bought.
 */
export function logMoneyDecision(log: FastifyBaseLogger, d: MoneyDecision): void {
  log.info({ money: d }, 'money decision');
}
