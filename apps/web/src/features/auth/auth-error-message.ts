import type { TFunction } from 'i18next';
import { ApiError } from '../../lib/api-client.ts';

const messageKeyByAuthCode = {
  USER_ALREADY_EXISTS: 'errors.emailTaken',
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: 'errors.emailTaken',
  INVALID_EMAIL_OR_PASSWORD: 'errors.wrongCredentials',
  PASSWORD_TOO_SHORT: 'errors.passwordTooShort',
  PASSWORD_TOO_LONG: 'errors.passwordTooLong',
  PASSWORD_TOO_COMMON: 'errors.passwordTooCommon',
  INVALID_EMAIL: 'errors.invalidEmail',
} as const;

/** A sign-in error as the user should read it: translated when we know it, else the server's words. */
export function authErrorMessage(error: unknown, t: TFunction<'auth'>): string {
  if (!(error instanceof ApiError)) return t('errors.generic');
  if (error.code === 'RATE_LIMITED') return t('errors.tooManyAttempts');
  if (error.code === 'NETWORK_ERROR') return t('errors.network');
  if (error.code === 'SERVICE_UNAVAILABLE') return t('errors.unavailable');
  const authCode = error.authCode;
  if (authCode && authCode in messageKeyByAuthCode) {
    return t(messageKeyByAuthCode[authCode as keyof typeof messageKeyByAuthCode]);
  }
  return error.message;
}
