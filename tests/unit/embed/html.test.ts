import { describe, expect, it } from 'vitest';
import type { WidgetBoot } from '@/lib/embed/boot';
import { headerPrice, renderNotFound, renderWidget, scriptJson } from '@/lib/embed/html';
import { escapeHtml } from '@/lib/embed/text';
import { WIDGET_DEFAULTS } from '@/lib/features/pools/params';
import type { PoolSummary } from '@/lib/features/pools/summary';

const summary: PoolSummary = {
  name: 'WETH / USDC 0.05%',
  address: '0x88e6a0c2ddd26feeb64f039a2c41296fcb3f5640',
  network: 'eth',
  dex: 'uniswap_v3',
  base: {
    address: '0xc02a',
    symbol: 'WETH',
    name: 'Wrapped Ether',
    image: 'https://img.example/weth.png',
  },
  quote: { address: '0xa0b8', symbol: 'USDC', name: 'USD Coin', image: 'javascript:alert(1)' },
  baseUsd: '3700.5',
  quoteUsd: '1.0001',
  change24h: '-1.19',
  volume24h: '1000000',
  liquidity: '5000000',
};

const boot = (over: Partial<WidgetBoot> = {}): WidgetBoot => ({
  pool: { chainType: 'evm', chainId: 1, address: summary.address },
  key: `evm:1:${summary.address}`,
  options: { ...WIDGET_DEFAULTS },
  summary,
  quote: null,
  title: 'WETH/USDC',
  initialTo: 1_764_000_000,
  candles: [
    [1_763_999_100, 3690, 3705, 3688, 3699, 10],
    [1_764_000_000, 3699, 3702, 3698, 3700, 12],
  ],
  ...over,
});

const assets = {
  script: '/widget/widget-ABCDEFGH.js',
  preload: ['/widget/chunk-12345678.js'],
  font: null,
};

describe('the widget page', () => {
  it('has the header, the controls and the candles, one nonce on every script, and no framework', () => {
    const html = renderWidget(boot(), assets, 'n0nce');
    expect(html).toMatch(/^<!doctype html><html lang="en" data-theme="dark">/);
    expect(html).toContain('<meta name="robots" content="noindex, nofollow">');
    expect(html).toContain('<title>WETH/USDC chart · Pulse</title>');
    expect(html).toContain('<h1 class="pair" data-testid="widget-pair">WETH/USDC</h1>');
    expect(html).toContain('Uniswap V3');
    // The live price from the last inlined close, in USD; the 24 h change with its arrow.
    expect(html).toContain('id="w-price">$3,700.37</span>');
    expect(html).toMatch(
      /class="num chg down"[^>]*><span aria-hidden="true" class="ar">▼<\/span>-1.19%/,
    );
    expect(html).toContain('href="/pools/evm/1/0x88e6a0c2ddd26feeb64f039a2c41296fcb3f5640"');
    expect(html).toContain('role="radiogroup" aria-label="Interval"');
    expect(html).toContain('<option value="15m" selected>15m</option>');
    expect(html).toContain('<option value="1d">1D</option>');
    const scripts = [...html.matchAll(/<script\b([^>]*)>/g)].map((m) => m[1]);
    expect(scripts).toEqual([
      ' type="application/json" id="pulse-boot"',
      ' type="module" src="/widget/widget-ABCDEFGH.js" nonce="n0nce"',
    ]);
    expect(html).toContain(
      '<link rel="modulepreload" href="/widget/chunk-12345678.js" nonce="n0nce">',
    );
    expect(html).not.toMatch(/_next|__next|react/i);
    // Only http(s) logos are written; the other token keeps its initials.
    // Logos through the logo proxy, never from their host.
    expect(html).toContain('src="/api/logo?url=https%3A%2F%2Fimg.example%2Fweth.png&amp;w=40"');
    expect(html).not.toContain('src="https://img.example');
    expect(html.split('<script')[0]).not.toContain('javascript:');
    // No trade list unless asked for.
    expect(html).not.toContain('id="w-trades"');
  });

  it('inlines the boot data as JSON that cannot close its script element', () => {
    const evil = boot({ title: '</script><script>alert(1)</script>' });
    const html = renderWidget(evil, assets, null);
    const json = /<script type="application\/json" id="pulse-boot">(.*?)<\/script>/.exec(html)?.[1];
    expect(json).toBeDefined();
    expect(json).not.toContain('</script>');
    expect((JSON.parse(json!) as WidgetBoot).title).toBe(evil.title);
    expect((JSON.parse(json!) as WidgetBoot).candles).toEqual(evil.candles);
    expect(scriptJson('a\u2028b<!--')).toBe('"a\\u2028b\\u003c!--"');
  });

  it('on a host background the palette follows its luminance; trades=1 adds the list and the switch', () => {
    const html = renderWidget(
      boot({ options: { ...WIDGET_DEFAULTS, theme: 'light', bg: '101418', trades: true } }),
      assets,
      null,
    );
    expect(html).toContain(
      '<html lang="en" data-theme="dark" style="--bg:#101418;--panel:#101418">',
    );
    expect(html).toContain('id="w-trades"');
    expect(html).toContain('aria-label="Show"');
  });

  it('without info=1 the pair names the chart in its legend and label', () => {
    const html = renderWidget(boot({ options: { ...WIDGET_DEFAULTS, info: false } }), assets, null);
    expect(html).not.toContain('data-testid="widget-pair"');
    expect(html).toContain('aria-label="WETH/USDC price chart, 15m candles"');
    expect(html).toContain('<span class="ttl">WETH/USDC</span>');
  });

  it('the header price falls back to the hourly snapshot without candles', () => {
    expect(headerPrice(boot({ candles: null }))).toBe(3700.5);
    expect(headerPrice(boot({ candles: null, summary: null }))).toBeNull();
  });

  it("converts the close at the quote token's live quote, not its hourly snapshot", () => {
    // A WETH-quoted pool: the snapshot says 3,524.18, WETH trades at 3,487 now.
    const weth = { ...summary, quoteUsd: '3524.18' };
    const live = { tokenId: 2, usd: '3487', at: 1 };
    const candles: WidgetBoot['candles'] = [
      [1_764_000_000, 0.000002, 0.000002, 0.000002, 0.000002, 1],
    ];
    expect(headerPrice(boot({ summary: weth, quote: live, candles }))).toBeCloseTo(0.006974, 12);
    expect(headerPrice(boot({ summary: weth, quote: null, candles }))).toBeCloseTo(0.00704836, 12);
  });
});

describe('the not-found frame', () => {
  it('says so, tells the host by pulse:error and pulse:height from one nonce script, and escapes the message', () => {
    const html = renderNotFound('No pool <b>0x01</b>', { nonce: 'abc', bg: 'ffffff', font: null });
    expect(html).toContain('<h1 class="t">Pool not found</h1>');
    expect(html).toContain('No pool &lt;b&gt;0x01&lt;/b&gt;');
    expect(html).toContain('data-theme="light" style="--bg:#ffffff"');
    const scripts = [...html.matchAll(/<script\b([^>]*)>/g)].map((m) => m[1]);
    expect(scripts).toEqual([' nonce="abc"']);
    expect(html).toContain("type:'pulse:error'");
    expect(html).toContain("type:'pulse:height'");
  });

  it('escapes text for HTML', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe(
      '&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;',
    );
  });
});
