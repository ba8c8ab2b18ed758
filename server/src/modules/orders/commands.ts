import { cancelOrder } from './service';
import { command } from '../../kernel/unit-of-work';
export const cancelOrderCommand = command(cancelOrder);
