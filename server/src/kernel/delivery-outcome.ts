/**
 * What one attempt of an outbound delivery came to (a webhook, a web push), told to the metrics
 * (app-metrics.ts): `gone` is the receiver saying the address no longer exists (404/410).
 */
export type DeliveryOutcome = 'delivered' | 'failed' | 'gone';
export type CountOutcome = (outcome: DeliveryOutcome) => void;
