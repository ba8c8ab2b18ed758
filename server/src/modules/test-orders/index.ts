export { testOrderMsg } from './messages-ar';
export { asOrderRow } from './order-row';
export { testOutcomeOf, type TestOutcome } from './outcome';
export {
  findTestOrder,
  findTestOrderByKey,
  giveBackTestBalance,
  insertTestOrder,
  listTestOrders,
  openTestBalance,
  takeTestBalance,
  testBalanceOf,
  type TestOrderRow,
} from './repository';
export { deliverDueTestOrders } from './service';
export { createTestOrderWorker, type TestOrderWorker } from './worker';
