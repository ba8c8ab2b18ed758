/**
 * The words of a balance movement, the same on the customer's screen (the web's `wallet.credit`
 * and `wallet.debit`, the copy deck's balance.credit/balance.debit), the PDF and the CSV: one
 * customer reading «دائن» on the page and «إيداع» in the file would think they are two things.
 */
export const movementWords = {
  credit: 'دائن',
  debit: 'مدين',
  totalCredit: 'مجموع الدائن',
  totalDebit: 'مجموع المدين',
} as const;
