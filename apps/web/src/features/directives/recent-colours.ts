import { type CustomColour, isCustomColour } from '@facelift/shared';
import { useCallback, useEffect, useState } from 'react';

/** How many custom colours stay at hand (docs/decisions/095-any-colour.md). */
export const maxRecentColours = 8;

function storageKey(projectId: string): string {
  return `facelift.recentColours.${projectId}`;
}

/** The project's recent custom colours, newest first; anything malformed in storage is ignored. */
export function readRecentColours(projectId: string): CustomColour[] {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(storageKey(projectId)) ?? '[]');
    if (!Array.isArray(stored)) return [];
    return stored
      .filter((value): value is CustomColour => typeof value === 'string' && isCustomColour(value))
      .slice(0, maxRecentColours);
  } catch {
    return [];
  }
}

export function withRecentColour(colours: readonly CustomColour[], colour: CustomColour): CustomColour[] {
  return [colour, ...colours.filter((candidate) => candidate !== colour)].slice(0, maxRecentColours);
}

/** Recent custom colours per project, kept in this browser's localStorage. */
export function useRecentColours(projectId: string | null | undefined) {
  const [colours, setColours] = useState<CustomColour[]>([]);
  useEffect(() => {
    setColours(projectId ? readRecentColours(projectId) : []);
  }, [projectId]);
  const remember = useCallback(
    (colour: CustomColour) => {
      setColours((current) => {
        const next = withRecentColour(current, colour);
        if (projectId) {
          try {
            localStorage.setItem(storageKey(projectId), JSON.stringify(next));
          } catch {
            // Storage full or blocked: the colours still stay at hand for this visit.
          }
        }
        return next;
      });
    },
    [projectId],
  );
  return { colours, remember };
}
