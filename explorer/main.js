/* global document, location, Worker, URL */
/**
 * The offline explorer nlq serve shows at `/`: GraphiQL from npm, bundled by
 * scripts/build-explorer.mjs into dist/explorer/ (nothing is fetched from a CDN). It opens with
 * an example question that the embedded default world answers.
 */
import { createElement } from 'react';
import { createRoot } from 'react-dom/client';
import { GraphiQL } from 'graphiql';
import { createGraphiQLFetcher } from '@graphiql/toolkit';
import 'graphiql/style.css';
import { EXAMPLE_OPERATION } from './example-operation.ts';

// Monaco's workers are bundled beside this file (the build writes them to dist/explorer/).
globalThis.MonacoEnvironment = {
  getWorker(_id, label) {
    const file = label === 'json' ? 'json.worker.js' : label === 'graphql' ? 'graphql.worker.js' : 'editor.worker.js';
    return new Worker(new URL(`/explorer/${file}`, location.origin));
  },
};

const fetcher = createGraphiQLFetcher({ url: new URL('/', location.origin).toString() });
createRoot(document.getElementById('explorer')).render(createElement(GraphiQL, { fetcher, defaultQuery: EXAMPLE_OPERATION, defaultEditorToolsVisibility: false }));
