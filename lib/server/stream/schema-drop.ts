import { log } from '../../observe/log';
import { metrics } from '../../observe/metrics';

/** The first issue zod reports for a frame: where it failed and how. */
export interface FrameIssue {
  path: PropertyKey[];
  code: string;
}

/**
 * An upstream frame that fails the seed schema (`what`: "upstream candle"): counted, and logged with
 * the field that failed and how, never the value (a malformed frame could carry anything).
 */
export function reportSchemaDrop(
  service: 'kline' | 'tx',
  what: string,
  issue: FrameIssue | undefined,
  dropped: number,
): void {
  metrics().eventsDropped.inc({ service, reason: 'schema' });
  log().warn(
    {
      service,
      field: issue ? issue.path.map(String).join('.') || 'data' : 'data',
      issue: issue?.code ?? 'invalid',
      dropped,
    },
    `${what} dropped: it fails the seed schema`,
  );
}
