import type { PortableMigration } from '../migrator.ts';
import { accountsAndCredits } from './001-accounts-and-credits.ts';
import { creditReservations } from './002-credit-reservations.ts';
import { projects } from './003-projects.ts';
import { jobs } from './004-jobs.ts';
import { jobHeartbeats } from './005-job-heartbeats.ts';
import { chatSavedResults } from './006-chat-saved-results.ts';
import { jobVersions } from './007-job-versions.ts';
import { anonymisedPayments } from './008-anonymised-payments.ts';
import { jobRunner } from './009-job-runner.ts';

/** Every migration, in order. Names sort by their numeric prefix. */
export const migrations: Record<string, PortableMigration> = {
  '001-accounts-and-credits': accountsAndCredits,
  '002-credit-reservations': creditReservations,
  '003-projects': projects,
  '004-jobs': jobs,
  '005-job-heartbeats': jobHeartbeats,
  '006-chat-saved-results': chatSavedResults,
  '007-job-versions': jobVersions,
  '008-anonymised-payments': anonymisedPayments,
  '009-job-runner': jobRunner,
};
