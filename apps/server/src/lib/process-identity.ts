import { hostname } from 'node:os';

/** This process among all those on one database: `host:pid` (recorded on the jobs it claims). */
export const processIdentity = `${hostname()}:${process.pid}`;
