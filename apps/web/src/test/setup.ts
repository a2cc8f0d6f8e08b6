import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// Testing Library unmounts between tests only when Vitest globals are on; we keep them off.
afterEach(cleanup);

// Dialogs, toasts and studio parts load on demand (docs/decisions/108-app-shell-split.md): the
// first `findBy…` for one waits for its module as well, which on a busy machine can take more
// than Testing Library's default second.
configure({ asyncUtilTimeout: 5000 });
