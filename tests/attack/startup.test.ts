/**
 * The real server as an operator starts it: a wrong variable stops the start with its name (never its
 * value), and a good start answers every API request with a request id found in its JSON access line.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { App } from './support/servers';

describe('start-up', () => {
  it('each bad variable stops `next start` with a message naming it, not echoing it', async () => {
    const cases: [Record<string, string>, string, string][] = [
      [
        { EMBED_ALLOWED_ORIGINS: 'garbage-origin-1x' },
        'EMBED_ALLOWED_ORIGINS',
        'garbage-origin-1x',
      ],
      [{ SIM_PORT: 'abc' }, 'SIM_PORT', 'abc'],
      [
        {
          UPSTREAM_BASE_URL: 'https://ops:pw-in-url-9z@api.example',
          UPSTREAM_API_KEY: 'k-123456789',
        },
        'UPSTREAM_BASE_URL',
        'pw-in-url-9z',
      ],
      [{ PULSE_REQUIRE_UPSTREAM: '1' }, 'UPSTREAM_BASE_URL', 'PULSE_REQUIRE_UPSTREAM=1 refuses'],
    ];
    const outcomes = await Promise.all(
      cases.map(async ([env]) => {
        const app = new App(env);
        try {
          await app.start(60_000);
          await app.stop();
          return { started: true, log: app.log };
        } catch (error) {
          return { started: false, log: error instanceof Error ? error.message : String(error) };
        }
      }),
    );
    outcomes.forEach((outcome, i) => {
      const [, name, secretOrPhrase] = cases[i]!;
      expect(outcome.started, name).toBe(false);
      expect(outcome.log).toContain('app exited early');
      expect(outcome.log).toContain(`${name}:`);
      if (secretOrPhrase !== 'PULSE_REQUIRE_UPSTREAM=1 refuses')
        expect(outcome.log).not.toContain(secretOrPhrase);
      else expect(outcome.log).toContain(secretOrPhrase);
    });
  });

  describe('a good start', () => {
    const app = new App({ LOG_LEVEL: 'info' });
    afterAll(() => app.stop());

    it('logs JSON lines, and every API answer has a request id found in its access line', async () => {
      await app.start();
      const answers = await Promise.all(
        ['/api/price/v1/chains', '/api/kline/v1/nothing', '/api/health/live', '/api/nope'].map(
          (p) =>
            fetch(`${app.url}${p}`).then(async (r) => {
              await r.arrayBuffer();
              return { path: p, status: r.status, id: r.headers.get('x-request-id') };
            }),
        ),
      );
      // Lines are written as the answer leaves: give the pipe a moment.
      const deadline = Date.now() + 5000;
      const lines = () =>
        app.log
          .split('\n')
          .filter((l) => l.startsWith('{'))
          .map((l) => JSON.parse(l) as Record<string, unknown>);
      while (Date.now() < deadline && lines().filter((l) => l.msg === 'request').length < 4)
        await new Promise((r) => setTimeout(r, 100));
      const access = lines().filter((l) => l.msg === 'request');
      expect(answers.length).toBeGreaterThan(0);
      for (const a of answers) {
        expect(a.id, a.path).toMatch(/^[0-9a-f-]{36}$/);
        const line = access.find((l) => l.request_id === a.id);
        expect(line, a.path).toMatchObject({ status: a.status, method: 'GET', level: 'info' });
        expect(typeof line?.duration_ms).toBe('number');
      }
      expect(lines().find((l) => String(l.msg).includes('built-in simulator'))).toMatchObject({
        mode: 'simulator',
      });
    });
  });
});
