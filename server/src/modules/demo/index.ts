export {
  type DemoAccountSeed,
  type DemoSignIn,
  demoPassword,
  demoSignIns,
  isDemoStore,
  recordDemoStore,
  resetDemoPassword,
} from './demo-accounts';
