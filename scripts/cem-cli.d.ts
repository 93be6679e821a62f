/** The analyzer's programmatic entry (`cem analyze` without writing a file), which ships no types. */
declare module '@custom-elements-manifest/analyzer/cli.js' {
  export function cli(options: {
    readonly argv: readonly string[];
    readonly cwd?: string;
    readonly noWrite?: boolean;
  }): Promise<unknown>;
}
