import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

// Testing Library unmounts between tests only when Vitest globals are on; we keep them off.
afterEach(cleanup);
