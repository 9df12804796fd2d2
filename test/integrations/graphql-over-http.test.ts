/**
 * `nlq serve` against the graphql-http package's server audit (GraphQL over HTTP): every MUST and
 * MAY passes, and every SHOULD but three that the project decided against (README, "GraphQL over
 * HTTP"): with `Accept: application/json`, a document that does not parse, does not validate, or
 * whose variables do not coerce gets 400, as Apollo Server answers it in every host app, instead
 * of the 200 the spec suggests for legacy clients. Clients that send
 * `Accept: application/graphql-response+json` get the spec's 400 as a MUST. Of the MAYs, the three
 * about GET requests without a preflight header stay refused: Apollo Server's CSRF prevention
 * (a GET that a browser could send cross-site without asking is not executed). Audited in both
 * modes: plain and Federation subgraph.
 */
import { auditServer, type AuditResult } from 'graphql-http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../cli/server.js';
import { worldConfig } from '../helpers/world.js';

/** The SHOULDs decided against, by the audit's stable ids. */
const DECLINED_SHOULDS = [
  '572B', // SHOULD use 200 status code on document parsing failure when accepting application/json
  'FDE2', // SHOULD use 200 status code on document validation failure when accepting application/json
  '7B9B', // SHOULD use a status code of 200 on variable coercion failure when accepting application/json
];

/** The MAYs left out, all GET requests that Apollo Server's CSRF prevention refuses. */
const DECLINED_MAYS = [
  '5A70', // MAY accept application/x-www-form-urlencoded formatted GET requests
  'D6D5', // MAY allow URL-encoded JSON string {variables} parameter in GETs when accepting application/graphql-response+json
  '6A70', // MAY allow URL-encoded JSON string {variables} parameter in GETs when accepting application/json
];

describe.each([{ subgraph: false }, { subgraph: true }])('GraphQL over HTTP audit of nlq serve (subgraph: $subgraph)', (mode) => {
  let served: RunningServer;
  let results: AuditResult[];
  beforeAll(async () => {
    served = await startServer(await worldConfig(), { host: '127.0.0.1', port: 0 }, mode);
    results = await auditServer({ url: served.url });
  });
  afterAll(() => served?.stop());

  const summary = (filter: (result: AuditResult) => boolean) => results.filter(filter).map((result) => `${result.status} ${result.id} ${result.name}`);

  it('passes every MUST', () => {
    const musts = results.filter((result) => result.name.startsWith('MUST'));
    expect(musts.length).toBeGreaterThanOrEqual(13);
    expect(summary((result) => result.name.startsWith('MUST') && result.status !== 'ok')).toEqual([]);
  });

  it('passes every SHOULD except the three decided against', () => {
    const shoulds = results.filter((result) => result.name.startsWith('SHOULD'));
    expect(shoulds.length).toBeGreaterThanOrEqual(23);
    expect(summary((result) => result.name.startsWith('SHOULD') && result.status !== 'ok')).toEqual(
      results.filter((result) => DECLINED_SHOULDS.includes(result.id)).map((result) => `warn ${result.id} ${result.name}`),
    );
    expect(results.filter((result) => DECLINED_SHOULDS.includes(result.id))).toHaveLength(3);
  });

  it('passes every MAY but the GET requests CSRF prevention refuses', () => {
    expect(summary((result) => result.name.startsWith('MAY') && result.status !== 'ok')).toEqual(
      results.filter((result) => DECLINED_MAYS.includes(result.id)).map((result) => `notice ${result.id} ${result.name}`),
    );
    expect(results.filter((result) => DECLINED_MAYS.includes(result.id))).toHaveLength(3);
  });
});
