// Imported rather than read at run time, so the built server (one file in dist/) carries it.
import packageJson from '../../package.json' with { type: 'json' };

export const appVersion: string = packageJson.version;
