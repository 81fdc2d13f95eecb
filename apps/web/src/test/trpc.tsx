import type { AppRouter } from "@medlegal/api";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import type { TRPCLink } from "@trpc/client";
import type { inferRouterInputs, inferRouterOutputs } from "@trpc/server";
import { TRPCClientError } from "@trpc/client";
import { observable } from "@trpc/server/observable";
import type * as React from "react";
import { createMutationCache } from "@/lib/query-client";
import { trpc } from "@/lib/trpc";

type Inputs = inferRouterInputs<AppRouter>;
type Outputs = inferRouterOutputs<AppRouter>;

/** Every procedure path of the app router, "queries.comment". */
export type ProcedurePath = { [R in keyof Outputs & string]: `${R}.${keyof Outputs[R] & string}` }[keyof Outputs & string];
export type InputOf<P extends ProcedurePath> = P extends `${infer R extends keyof Inputs & string}.${infer N}`
  ? N extends keyof Inputs[R]
    ? Inputs[R][N]
    : never
  : never;
export type OutputOf<P extends ProcedurePath> = P extends `${infer R extends keyof Outputs & string}.${infer N}`
  ? N extends keyof Outputs[R]
    ? Outputs[R][N]
    : never
  : never;

/**
 * What a procedure answers in a component test: its data, typed from the router's output so a
 * fixture that misses or misnames a field fails typecheck, or (thrown) `refusal(...)`.
 */
export type Answer<P extends ProcedurePath> = (input: InputOf<P>) => OutputOf<P> | Promise<OutputOf<P>>;
export type Answers = { [P in ProcedurePath]?: Answer<P> };

/** A refused call as the server sends it: its sentence and, by field, the sentences of its fields. */
export function refusal(message: string, fieldErrors?: Record<string, string>) {
  return { error: { message, code: -32600, data: { code: "BAD_REQUEST", httpStatus: 400, fieldErrors } } };
}

/**
 * Renders a component with the app's tRPC hooks answered in the browser by `answers` (by
 * procedure path, "queries.comment"), at the network's edge instead of over HTTP. Every call is
 * recorded in `calls`, so a test sees what the form sent (or that it sent nothing).
 */
export function renderWithTrpc(ui: React.ReactNode, answers: Answers = {}) {
  const calls: { path: string; input: unknown }[] = [];
  const link: TRPCLink<AppRouter> =
    () =>
    ({ op }) =>
      observable((observer) => {
        calls.push({ path: op.path, input: op.input });
        // The link sees the path as a string; the map's typing already tied each answer to its path.
        const answer = answers[op.path as ProcedurePath] as ((input: unknown) => unknown) | undefined;
        Promise.resolve()
          .then(() => {
            if (!answer) throw refusal(`No answer for ${op.path} in this test`);
            return answer(op.input);
          })
          .then(
            (data) => {
              observer.next({ result: { type: "data", data } });
              observer.complete();
            },
            (cause) => observer.error(TRPCClientError.from(cause)),
          );
      });
  const queryClient = new QueryClient({
    mutationCache: createMutationCache(),
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const client = trpc.createClient({ links: [link] });
  const view = render(
    <trpc.Provider client={client} queryClient={queryClient}>
      <QueryClientProvider client={queryClient}>{ui}</QueryClientProvider>
    </trpc.Provider>,
  );
  /** The inputs sent to one procedure, in order. */
  const sent = (path: string) => calls.filter((c) => c.path === path).map((c) => c.input);
  return { ...view, calls, sent, queryClient };
}
