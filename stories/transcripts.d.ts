// Vite's `?raw` imports, which the host stories use for the real transcripts in test/fixtures/:
// the file's text, bundled into the story (nothing is read at run time).
declare module '*.jsonl?raw' {
  const text: string;
  export default text;
}
