export { decisionNotice, orderMsg } from './messages-ar';
export { maskCode, openOrderCodes, sealOrderCodes, sealStockCodes } from './order-codes';
export { toOrderDto } from './order-dto';
export { refundOrder } from './refund';
export { acceptOnPlacement, announceDelivered, findOrder, transitionOrder } from './repository';
export { orderRoutes } from './routes';
export {
  findOrderByKey,
  insertDeliveredOrder,
  insertOrder,
  insertOrderFrom,
  NEW_ORDER_COLUMNS,
  type NewOrder,
  nextOrderId,
  stockCodesOf,
} from './new-order-statements';
export { ordersSealedColumns } from './sealed-columns';
