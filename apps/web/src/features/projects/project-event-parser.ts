import { type ProjectEvent, projectEventSchema } from '@facelift/shared';

/**
 * One live event's data, checked against the shared contract; null when it is not JSON or not a
 * project event. Its own module so that zod loads on demand (docs/decisions/108-app-shell-split.md).
 */
export function parseProjectEvent(data: string): ProjectEvent | null {
  try {
    const parsed = projectEventSchema.safeParse(JSON.parse(data));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
