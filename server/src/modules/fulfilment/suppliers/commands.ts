import { createSupplier } from './service';
import { patchSupplier } from './service';
import { removeSupplier } from './service';
import { command } from '../../../kernel/unit-of-work';
export const createSupplierCommand = command(createSupplier);
export const patchSupplierCommand = command(patchSupplier);
export const removeSupplierCommand = command(removeSupplier);
