/**
 * Component tests (Testing Library on happy-dom): a fresh query client per render, the browser's
 * language set as a visitor's would be, and `fetch` answered from a table in the price service's
 * envelope so that the components' real query factories run.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, type RenderResult } from '@testing-library/react';
import type { ReactElement } from 'react';
import { vi } from 'vitest';

export function renderWithQueries(ui: ReactElement): RenderResult & { client: QueryClient } {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const result = render(<QueryClientProvider client={client}>{ui}</QueryClientProvider>);
  return { ...result, client };
}

/** The browser's languages (navigator.languages), as a visitor in that locale sends them. */
export function setBrowserLanguage(language: string): void {
  Object.defineProperty(window.navigator, 'languages', { value: [language], configurable: true });
  Object.defineProperty(window.navigator, 'language', { value: language, configurable: true });
}

type Answer = { code: number; msg?: string; data: unknown };

/**
 * `fetch` stubbed for `/api/price/v1/...`: the first route whose pattern matches the path answers;
 * anything unrouted is a 404 envelope, so a test sees an unexpected call as a failure, not a hang.
 * A route may answer later (a promise): the test decides when the upstream has spoken.
 */
export function stubPriceApi(
  routes: [RegExp, (path: string) => Answer | Promise<Answer>][],
): string[] {
  const calls: string[] = [];
  vi.stubGlobal('fetch', (input: string | URL) => {
    const url = new URL(input, 'http://localhost');
    const path = url.pathname.replace(/^\/api\/price\/v1/, '') + url.search;
    calls.push(path);
    const route = routes.find(([pattern]) => pattern.test(path));
    const body = route ? route[1](path) : { code: 40400, msg: `no route for ${path}`, data: '' };
    return Promise.resolve(body).then(
      (answer) =>
        new Response(JSON.stringify(answer), {
          status: route ? 200 : 404,
          headers: { 'content-type': 'application/json' },
        }),
    );
  });
  return calls;
}
