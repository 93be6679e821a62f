/** Whether output is to be plain: stdout is not a terminal, or NO_COLOR is set. */
export declare function isPlain(stream?: { isTTY?: boolean }, env?: NodeJS.ProcessEnv): boolean;
/** Lit's notice in a development build (once per page): the only browser message the runners drop. */
export declare function isLitDevModeNotice(text: unknown): boolean;
/** Run `command`; resolves to whether it exited 0, its output plain when it is to be. */
export declare function runPlainly(
  command: string,
  args: readonly string[],
  options?: {
    env?: NodeJS.ProcessEnv;
    stdout?: NodeJS.WritableStream;
    stderr?: NodeJS.WritableStream;
    plain?: boolean;
  },
): Promise<boolean>;
