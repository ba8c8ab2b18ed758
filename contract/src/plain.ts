/**
 * The part of the contract that needs no zod: money, currency formatting and small rules. The web
 * app's first screen imports only this; the schemas come later with `import('@raseed/contract')`.
 */
export * from './currency';
export * from './money';
export { isSecondFactorNeeded, whatsappLink } from './plain-rules';
