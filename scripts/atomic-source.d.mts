/** The atomic commit the kit is tested with (bastani-inc/atomic). */
export declare const ATOMIC_COMMIT: string;
/** Its repository. */
export declare const ATOMIC_REPOSITORY: string;
/** The tarball's name: `git archive` of that commit. */
export declare const ATOMIC_TARBALL: string;
/** The folder looked in: `RPC_UI_SHARED_DIR`'s `agents/`, else `../shared/agents/` beside the project. */
export declare function sharedAgentsDir(env?: NodeJS.ProcessEnv): string;
/** The default source's path, whether or not it is there. */
export declare function defaultAtomicSource(env?: NodeJS.ProcessEnv): string;
/** atomic's source: `RPC_UI_ATOMIC_SOURCE`, else the default tarball when it exists, else undefined. */
export declare function atomicSource(env?: NodeJS.ProcessEnv): string | undefined;
