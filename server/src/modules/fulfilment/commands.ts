import { addCodes } from './stock-service';
import { removeCode, removeCodes } from './stock-service';
import { command } from '../../kernel/unit-of-work';
export const addCodesCommand = command(addCodes);
export const removeCodeCommand = command(removeCode);
export const removeCodesCommand = command(removeCodes);
