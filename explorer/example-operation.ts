/** The operation the explorer opens with: a question the default world answers (test/explorer.test.ts runs it). */
export const EXAMPLE_OPERATION = `# Ask the gateway a question in plain English; press the run button (or Ctrl-Enter).
query Ask {
  ask(question: "How many customers are there in Germany?") {
    answer { kind rows source confidence explanation query }
    interpretations { source score status explanation }
    sources { source status message }
  }
  sources { id kind ready status }
}
`;
