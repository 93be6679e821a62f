/** A loopback port that nothing listens on now (bound, then released). */
export declare function freePort(): Promise<number>;
