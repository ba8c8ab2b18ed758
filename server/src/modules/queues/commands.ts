import { approveCharge } from '../topups';
import { rejectCharge } from '../topups';
import { command } from '../../kernel/unit-of-work';
export const approveChargeCommand = command(approveCharge);
export const rejectChargeCommand = command(rejectCharge);
