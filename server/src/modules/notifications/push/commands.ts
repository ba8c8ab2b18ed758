import { subscribe } from './subscriptions';
import { command } from '../../../kernel/unit-of-work';
export const subscribeCommand = command(subscribe);
