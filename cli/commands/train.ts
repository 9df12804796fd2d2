import type { GatewayConfig } from '../../config/config.js';

/**
 * `nlq train --source <id>`: will introspect the source, generate synthetic questions, train the
 * query-graph predictor and write its model card. Until the predictor exists it says so plainly.
 */
export async function trainCommand(config: GatewayConfig, sourceId: string | undefined): Promise<number> {
  if (!sourceId) {
    console.error('nlq train: --source <id> is required');
    return 2;
  }
  if (!config.sources.some((source) => source.id === sourceId)) {
    console.error(`nlq train: unknown source '${sourceId}' in ${config.file}`);
    return 2;
  }
  console.error(
    `nlq train: not available yet. The query-graph predictor (synthetic questions, transformer, ONNX export) ` +
      `has not been built; until it is, ask() reports sources as unable to interpret questions.`,
  );
  return 2;
}
