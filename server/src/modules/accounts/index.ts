export { loadAuth } from './guard';
export { hashPassword } from './passwords';
export { insertUser } from './repository';
export { authRoutes } from './routes';
export { SessionCache } from './session-cache';
export { isSessionLive } from './session-repository';
export { newTotpSecret } from './totp';
export { turnOnTwoFactor } from './two-factor-service';
export { loadUserDto, toUserDto } from './user-dto';
