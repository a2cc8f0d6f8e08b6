import { z } from './zod.ts';

/** Credits every new account starts with (one entry, no expiry). */
export const startingCredits = 5;
export const minimumPasswordLength = 8;
export const maximumPasswordLength = 128;

export const packageTierSchema = z.enum(['free', 'paid']);
export type PackageTier = z.infer<typeof packageTierSchema>;

/** The signed-in user's profile (docs/product.md, Accounts) and current balance, as GET /api/me returns it. */
export const meResponseSchema = z.object({
  id: z.string(),
  email: z.string(),
  companyName: z.string().nullable(),
  fname: z.string().nullable(),
  lname: z.string().nullable(),
  isAdmin: z.boolean(),
  packageTier: packageTierSchema,
  lastPurchaseAt: z.string().nullable(),
  createdAt: z.string(),
  balance: z.number(),
});
export type MeResponse = z.infer<typeof meResponseSchema>;

/** Settings the browser may know, for showing or disabling features. */
export const publicConfigSchema = z.object({
  isGoogleSignInEnabled: z.boolean(),
  /**
   * Which image engine transforms (docs/product.md, Image engines): the local one recolours
   * exactly the marked regions, so the app leads the user to mark what is still unmarked; the
   * openai one redraws the whole photo unless areas are marked, and the Transform area says so.
   */
  imageEngine: z.enum(['local', 'openai']),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;

/** Sign-up form, checked the same way in the browser and on the server. */
export const signUpSchema = z.object({
  email: z.email(),
  password: z.string().min(minimumPasswordLength).max(maximumPasswordLength),
  companyName: z.string().trim().max(120).optional(),
  fname: z.string().trim().max(80).optional(),
  lname: z.string().trim().max(80).optional(),
});
export type SignUpInput = z.infer<typeof signUpSchema>;

/** POST /api/account/delete: the password confirms it (a Google-only account signs in again instead). */
export const deleteAccountRequestSchema = z.object({
  password: z.string().max(maximumPasswordLength).optional(),
});
export type DeleteAccountRequest = z.infer<typeof deleteAccountRequestSchema>;
