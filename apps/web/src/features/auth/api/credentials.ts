import type { SignUpInput } from '@facelift/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { meQueryKey } from './get-me.ts';

function signUp(input: SignUpInput) {
  const name =
    [input.fname, input.lname].filter(Boolean).join(' ') || (input.email.split('@')[0] ?? input.email);
  return apiRequest('/api/auth/sign-up/email', { method: 'POST', json: { ...input, name } });
}

function signIn(input: { email: string; password: string }) {
  return apiRequest('/api/auth/sign-in/email', { method: 'POST', json: input });
}

function signOut() {
  return apiRequest('/api/auth/sign-out', { method: 'POST', json: {} });
}

/** Sign-in, sign-up and sign-out; each refreshes the profile (and so the header balance). */
export function useCredentialMutations() {
  const queryClient = useQueryClient();
  const refreshProfile = () => queryClient.invalidateQueries({ queryKey: meQueryKey });
  return {
    signIn: useMutation({ mutationFn: signIn, onSuccess: refreshProfile }),
    signUp: useMutation({ mutationFn: signUp, onSuccess: refreshProfile }),
    signOut: useMutation({
      mutationFn: signOut,
      // Everything cached belonged to the signed-out user.
      onSuccess: () => {
        queryClient.clear();
        return refreshProfile();
      },
    }),
  };
}
