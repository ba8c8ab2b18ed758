export { type OutboxFigures, readStoreFigures, type StoreFigures } from './gauges-repository';
export { appliedMigrations } from './readiness-repository';
