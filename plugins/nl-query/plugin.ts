/**
 * The Apollo Server plugin: opens sources and warms models when the server starts, closes them
 * when it stops, so the first question does not pay for start-up.
 */
import type { ApolloServerPlugin } from '@apollo/server';
import type { Gateway } from './gateway.js';

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
  };
}
