import { markRead } from './read-service';
import { command } from '../../kernel/unit-of-work';
export const markReadCommand = command(markRead);
