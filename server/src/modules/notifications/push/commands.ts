import { saveSubscription } from './repository';
import { command } from '../../../kernel/unit-of-work';
export const saveSubscriptionCommand = command(saveSubscription);
