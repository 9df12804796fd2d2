/**
 * The Apollo Server plugin: opens sources and warms models when the server starts, closes them
 * when it stops, so the first question does not pay for start-up; and refuses requests that call
 * the gateway more than `limits.maxCallsPerRequest` times (operation-limits.ts).
 */
import type { ApolloServerPlugin } from '@apollo/server';
import type { Gateway } from './gateway.js';
import { checkGatewayCalls } from './operation-limits.js';

export function gatewayPlugin(gateway: Gateway): ApolloServerPlugin {
  return {
    async serverWillStart() {
      await gateway.start();
      return {
        async serverWillStop() {
          await gateway.stop();
        },
      };
    },
    async requestDidStart() {
      return {
        async didResolveOperation({ document, operation }) {
          if (operation) checkGatewayCalls(document, operation, gateway.limits.maxCallsPerRequest);
        },
      };
    },
  };
}
