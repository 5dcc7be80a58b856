import { describe, expect, it } from 'vitest';
import { readCommand } from '@/lib/embed/messages';
import { iframeSnippet, scriptSnippet } from '@/lib/features/pools/embed-snippet';
import {
  parseBg,
  parsePoolView,
  parseWidget,
  POOL_VIEW_DEFAULTS,
  poolViewQuery,
  type PoolViewParams,
  WIDGET_DEFAULTS,
  widgetQuery,
} from '@/lib/features/pools/params';

const REF = {
  chainType: 'evm' as const,
  chainId: 1,
  address: '0x88e6a0c2ddd26feeb64f039a2c41296fcb3f5640',
};

describe('pool page query', () => {
  it('round-trips every choice and writes only what differs from the defaults', () => {
    expect(poolViewQuery(POOL_VIEW_DEFAULTS)).toBe('');
    const view: PoolViewParams = {
      interval: '1h',
      chart: 'area',
      tz: 'utc',
      volume: false,
      window: 'm5',
      token: 'quote',
      studies: [
        { kind: 'ema', period: 20 },
        { kind: 'rsi', period: 14 },
      ],
      scale: 'log',
      compare: [
        { chainType: 'evm', chainId: 8453, address: '0xd0b53d9277642d899df5c87a3966a349a798f224' },
      ],
    };
    const query = poolViewQuery(view);
    expect(query).toBe(
      '?interval=1h&chart=area&tz=utc&volume=0&window=m5&token=quote&studies=ema%3A20%2Crsi%3A14&scale=log&compare=evm%3A8453%3A0xd0b53d9277642d899df5c87a3966a349a798f224',
    );
    expect(parsePoolView(new URLSearchParams(query))).toEqual(view);
    // Written plainly, as a trader would type it.
    expect(parsePoolView({ studies: 'ema:20,rsi:14' }).studies).toEqual(view.studies);
  });
  it("takes the buttons' labels as the widget does (1D, 1W), and writes the API's name back", () => {
    const view = parsePoolView({ interval: '1D' });
    expect(view.interval).toBe('1d');
    expect(poolViewQuery(view)).toBe('?interval=1d');
    expect(parsePoolView({ interval: '1M' }).interval).toBe('1M');
    expect(parsePoolView({ interval: '1m' }).interval).toBe('1m');
  });

  it('falls back to the defaults on unknown values, so a link with a typo still opens', () => {
    expect(
      parsePoolView({
        interval: '2h',
        chart: 'bars',
        tz: 'mars',
        volume: 'yes',
        window: 'd1',
        token: ['quote', 'base'],
      }),
    ).toEqual({ ...POOL_VIEW_DEFAULTS, token: 'quote' });
  });
});

describe('widget query', () => {
  it('defaults, and every parameter of the issue', () => {
    expect(parseWidget({})).toEqual(WIDGET_DEFAULTS);
    const p = parseWidget(
      new URLSearchParams(
        'interval=4h&theme=light&chart=line&volume=0&info=0&trades=1&bg=%23FFF&tz=utc&studies=bb:20,macd&scale=log',
      ),
    );
    expect(p).toEqual({
      interval: '4h',
      theme: 'light',
      chart: 'line',
      volume: false,
      info: false,
      trades: true,
      bg: 'ffffff',
      tz: 'utc',
      studies: [
        { kind: 'bb', period: 20, width: 2 },
        { kind: 'macd', period: 12, slow: 26, signal: 9 },
      ],
      scale: 'log',
      markers: false,
      wallets: [],
    });
    expect(parseWidget(new URLSearchParams(widgetQuery(p).slice(1)))).toEqual(p);
  });
  it("takes the buttons' labels as intervals too (1D, 1W), and nothing else", () => {
    expect(parseWidget(new URLSearchParams('interval=1D')).interval).toBe('1d');
    expect(parseWidget(new URLSearchParams('interval=1W')).interval).toBe('1w');
    expect(parseWidget(new URLSearchParams('interval=1M')).interval).toBe('1M');
    expect(parseWidget(new URLSearchParams('interval=1H')).interval).toBe('15m');
    expect(parseWidget(new URLSearchParams('interval=2h')).interval).toBe('15m');
  });
  it('accepts RRGGBB or RGB, with or without #, and nothing else', () => {
    expect(parseBg('0B0E14')).toBe('0b0e14');
    expect(parseBg('#abc')).toBe('aabbcc');
    expect(parseBg('red')).toBeNull();
    expect(parseBg('12345')).toBeNull();
    expect(parseBg('')).toBeNull();
  });
  it('snippets escape what they embed', () => {
    const iframe = iframeSnippet(
      'https://pulse.example',
      REF,
      { ...WIDGET_DEFAULTS, trades: true },
      'WETH/USDC "chart"',
    );
    expect(iframe).toContain(
      'src="https://pulse.example/embed/pools/evm/1/0x88e6a0c2ddd26feeb64f039a2c41296fcb3f5640?interval=15m&amp;theme=dark',
    );
    expect(iframe).toContain('title="WETH/USDC &quot;chart&quot;"');
    const script = scriptSnippet('https://pulse.example', REF, {
      ...WIDGET_DEFAULTS,
      bg: '0b0e14',
    });
    expect(script).toBe(
      '<script src="https://pulse.example/embed.js" data-pool="evm:1:0x88e6a0c2ddd26feeb64f039a2c41296fcb3f5640" data-interval="15m" data-theme="dark" data-chart="candles" data-volume="1" data-info="1" data-trades="0" data-tz="local" data-bg="0b0e14" data-height="480" async></script>',
    );
  });
});

describe('widget commands from the host page', () => {
  it('follows setInterval and setTheme, explains bad values, ignores other messages', () => {
    expect(readCommand({ type: 'pulse:setInterval', interval: '1h' })).toEqual({
      type: 'pulse:setInterval',
      interval: '1h',
    });
    expect(readCommand({ type: 'pulse:setTheme', theme: 'light' })).toEqual({
      type: 'pulse:setTheme',
      theme: 'light',
    });
    expect(readCommand({ type: 'pulse:setInterval', interval: '2h' })).toHaveProperty(
      'error',
      expect.stringMatching(/Unknown interval "2h"/) as unknown,
    );
    expect(readCommand({ type: 'pulse:setTheme', theme: 'blue' })).toHaveProperty(
      'error',
      expect.stringMatching(/Unknown theme "blue"/) as unknown,
    );
    expect(readCommand({ type: 'other' })).toBeNull();
    expect(readCommand('pulse:setTheme')).toBeNull();
    expect(readCommand(null)).toBeNull();
  });
});

describe('widget markers', () => {
  const ALICE = '0xAb5801a7D398351b8bE11C439e05C5B3259aeC9B';
  const SOL = '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM';

  it('takes markers=1 with up to five addresses of an address shape, once each, and round-trips', () => {
    const many = Array.from({ length: 8 }, (_, i) => `0x${String(i + 1).padStart(40, '0')}`);
    const p = parseWidget(
      new URLSearchParams({
        markers: '1',
        wallets: [ALICE, ALICE.toLowerCase(), 'not-an-address', `<script>`, SOL, ...many].join(','),
      }),
    );
    expect(p.markers).toBe(true);
    expect(p.wallets).toEqual([ALICE, SOL, many[0], many[1], many[2]]);
    expect(parseWidget(new URLSearchParams(widgetQuery(p).slice(1)))).toEqual(p);
  });

  it('is off by default and writes nothing then', () => {
    const p = parseWidget(new URLSearchParams({ wallets: '' }));
    expect(p.markers).toBe(false);
    expect(p.wallets).toEqual([]);
    expect(widgetQuery(p)).not.toMatch(/markers|wallets/);
  });
});
