/** The code a site owner pastes to embed a pool chart: an iframe, or one script tag (public/embed.js). */
import { widgetQuery, type WidgetParams } from './params';
import { formatStudies } from '../../chart/rules/studies';
import { embedPath, poolKey, type PoolRef } from '../../contracts/pool-ref';

const escape = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

export function embedUrl(origin: string, ref: PoolRef, params: WidgetParams): string {
  return `${origin}${embedPath(ref)}${widgetQuery(params)}`;
}

export function iframeSnippet(
  origin: string,
  ref: PoolRef,
  params: WidgetParams,
  title: string,
  height = 480,
): string {
  return `<iframe src="${escape(embedUrl(origin, ref, params))}" title="${escape(title)}" width="100%" height="${height}" style="border:0;border-radius:8px" loading="lazy"></iframe>`;
}

export function scriptSnippet(
  origin: string,
  ref: PoolRef,
  params: WidgetParams,
  height = 480,
): string {
  const attrs: [string, string][] = [
    ['data-pool', poolKey(ref)],
    ['data-interval', params.interval],
    ['data-theme', params.theme],
    ['data-chart', params.chart],
    ['data-volume', params.volume ? '1' : '0'],
    ['data-info', params.info ? '1' : '0'],
    ['data-trades', params.trades ? '1' : '0'],
    ['data-tz', params.tz],
    ...(params.bg ? ([['data-bg', params.bg]] as [string, string][]) : []),
    ...(params.scale !== 'linear' ? ([['data-scale', params.scale]] as [string, string][]) : []),
    ...(params.studies.length > 0
      ? ([['data-studies', formatStudies(params.studies)]] as [string, string][])
      : []),
    ['data-height', String(height)],
  ];
  return `<script src="${escape(origin)}/embed.js" ${attrs.map(([k, v]) => `${k}="${escape(v)}"`).join(' ')} async></script>`;
}
