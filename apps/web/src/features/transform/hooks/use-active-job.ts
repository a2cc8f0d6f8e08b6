import { useJob } from '../../jobs/index.ts';
import { useTransformWorkspace } from '../transform-workspace-context.tsx';

/**
 * The job the result area follows, read from the job cache that live events write (newer-wins);
 * nothing while no job is active.
 */
export function useActiveJob() {
  const { activeJobId } = useTransformWorkspace();
  return useJob(activeJobId);
}
