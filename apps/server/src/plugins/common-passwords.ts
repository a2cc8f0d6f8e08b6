import { dictionary } from '@zxcvbn-ts/language-common';

/**
 * The ~50,000 most common passwords, from zxcvbn-ts's offline list (no network). A new password
 * found here is refused: it is among the first an attacker tries.
 */
const commonPasswords = new Set(
  (dictionary['passwords-common'] as string[]).map((password) => password.toLowerCase()),
);

export function isCommonPassword(password: string): boolean {
  return commonPasswords.has(password.trim().toLowerCase());
}

/** better-auth paths that set a new password, and the body field that carries it. */
export const newPasswordFields: Record<string, 'password' | 'newPassword'> = {
  '/sign-up/email': 'password',
  '/change-password': 'newPassword',
  '/reset-password': 'newPassword',
};
