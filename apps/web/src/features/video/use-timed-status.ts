import { useCallback, useEffect, useRef, useState } from 'react';

/** Status texts reset after 2 s (docs/product.md, Videos). */
export const statusResetMilliseconds = 2000;

/** A status that falls back to `initial` a while after it was set. */
export function useTimedStatus<Status>(initial: Status) {
  const [status, setStatus] = useState<Status>(initial);
  const timerRef = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timerRef.current), []);
  const show = useCallback(
    (next: Status, { resets = true }: { resets?: boolean } = {}) => {
      window.clearTimeout(timerRef.current);
      setStatus(next);
      if (resets) timerRef.current = window.setTimeout(() => setStatus(initial), statusResetMilliseconds);
    },
    [initial],
  );
  return [status, show] as const;
}
