/**
 * The widget's whole stylesheet, inlined in its HTML (lib/embed/html.ts): no CSS request before the
 * first paint. Hand-written equivalents of the app's Tailwind classes that the widget used, with the
 * same colour variables as app/globals.css (both themes; `bg=` overrides --bg and --panel inline),
 * and the small-frame rules (a 300 × 250 slot): the frame's own media queries decide, so the
 * server's HTML is already the right layout.
 */
export function widgetCss(fontUrl: string | null): string {
  const font = fontUrl
    ? `@font-face{font-family:'Inter Variable';font-style:normal;font-display:swap;font-weight:100 900;src:url(${fontUrl}) format('woff2-variations');unicode-range:U+0000-00FF,U+0131,U+0152-0153,U+02BB-02BC,U+02C6,U+02DA,U+02DC,U+0304,U+0308,U+0329,U+2000-206F,U+20AC,U+2122,U+2191,U+2193,U+2212,U+2215,U+FEFF,U+FFFD}`
    : '';
  return font + CSS;
}

const CSS = `
:root,[data-theme=dark]{color-scheme:dark;--bg:#0b0e14;--panel:#10141c;--raised:#171c26;--border:#222936;--text:#e7eaf0;--muted:#8b93a6;--faint:#7a8397;--accent:#5b8cff;--up:#19c37d;--down:#f75f70;--warn:#e9b949;--up-flash:rgb(25 195 125/.18);--down-flash:rgb(247 95 112/.18)}
[data-theme=light]{color-scheme:light;--bg:#f5f6f8;--panel:#fff;--raised:#eef0f4;--border:#dfe3ea;--text:#111622;--muted:#5a6376;--faint:#646d80;--accent:#1a52d6;--up:#066b45;--down:#b81f34;--warn:#b7860b;--up-flash:rgb(6 107 69/.14);--down-flash:rgb(184 31 52/.14)}
*,:before,:after{box-sizing:border-box;margin:0;padding:0;border:0 solid}
html,body{background:var(--bg);color:var(--text)}
body{font:13px/1.45 'Inter Variable',ui-sans-serif,system-ui,sans-serif;font-feature-settings:'cv11','ss01';-webkit-font-smoothing:antialiased;-moz-osx-font-smoothing:grayscale}
button,select{font:inherit;color:inherit;background:none;cursor:pointer}
a{color:inherit;text-decoration:none}
[hidden]{display:none!important}
.num{font-variant-numeric:tabular-nums;font-feature-settings:'tnum'}
:focus-visible{outline:2px solid var(--accent);outline-offset:1px;border-radius:3px}
.sr-only{position:absolute;width:1px;height:1px;padding:0;margin:-1px;overflow:hidden;clip:rect(0,0,0,0);white-space:nowrap;border-width:0}
.muted{color:var(--muted)}.up{color:var(--up)}.down{color:var(--down)}.faint{color:var(--faint)}
.widget{display:flex;flex-direction:column;min-height:100dvh;background:var(--bg);color:var(--text)}
.hd{display:flex;min-height:36px;align-items:center;gap:8px;border-bottom:1px solid var(--border);padding:6px 10px}
.icons{display:flex;flex-shrink:0}
.icons>.ti+.ti{margin-left:-6px;box-shadow:0 0 0 2px var(--bg)}
.ti{position:relative;display:inline-grid;flex-shrink:0;place-items:center;overflow:hidden;border-radius:9999px;width:20px;height:20px;font-size:8px;font-weight:600;color:#fff}
.ti img{position:absolute;inset:0;width:100%;height:100%;object-fit:cover;opacity:0;transition:opacity .15s}
.ti img.ok{opacity:1;background:var(--raised)}
.pairbox{min-width:0;flex-shrink:0}
.pair{white-space:nowrap;font-size:13px;font-weight:600}
.dex{overflow:hidden;text-overflow:ellipsis;white-space:nowrap;font-size:11px;line-height:14px;color:var(--muted)}
.pricebox{margin-left:auto;display:flex;min-width:0;align-items:baseline;gap:8px;text-align:right}
.price{font-size:14px;font-weight:600;border-radius:4px}
.chg{white-space:nowrap;font-size:12px}
.chg .ar{margin-right:2px;font-size:9px}
.open{margin-left:4px;flex-shrink:0;border-radius:4px;padding:2px 6px;font-size:11px;line-height:14px;font-weight:500;color:var(--muted)}
.open:hover{background:var(--raised);color:var(--text)}
.widget-chart{display:flex;min-height:220px;flex:1 1 0%;flex-direction:column}
.bar{display:flex;min-height:36px;flex-wrap:wrap;align-items:center;justify-content:space-between;gap:4px 12px;padding:4px 8px}
.tools{display:flex;min-width:0;flex-wrap:wrap;align-items:center;gap:6px}
.status{display:flex;align-items:center;gap:8px;font-size:11px;line-height:14px}
.seg{display:inline-flex;align-items:center;border-radius:4px;border:1px solid var(--border);background:var(--panel);padding:2px}
.seg button{height:24px;padding:0 6px;font-size:11px;font-weight:500;border-radius:4px;color:var(--muted);transition:color .15s,background-color .15s}
.seg button:hover{color:var(--text)}
.seg button[aria-checked=true]{background:var(--raised);color:var(--text)}
.sel{position:relative;display:inline-flex;align-items:center}
.sel select{height:24px;appearance:none;border-radius:4px;border:1px solid var(--border);background:var(--panel);padding:0 20px 0 6px;font-size:11px;font-weight:500;color:var(--text)}
.sel .caret{pointer-events:none;position:absolute;right:6px;font-size:8px;color:var(--muted)}
.contents{display:contents}
.fresh{display:inline-flex;align-items:center;gap:6px;color:var(--muted)}
.dot{width:6px;height:6px;border-radius:9999px;background:var(--up)}
.dot.off{background:var(--faint)}
.tag{border-radius:4px;background:var(--raised);padding:1px 4px;font-weight:500;text-transform:uppercase;letter-spacing:.025em}
.link{font-weight:500;color:var(--accent)}
.link:hover{text-decoration:underline}
.warn{color:var(--warn)}
figure{position:relative;min-height:0;flex:1 1 0%}
.cv{position:absolute;inset:0}
.lg{pointer-events:none;position:absolute;left:8px;top:6px;z-index:10;max-width:calc(100% - 70px)}
.legend{display:flex;flex-wrap:wrap;align-items:center;gap:2px 10px;font-size:11px;line-height:16px}
.legend>span,.legend>span>span{white-space:nowrap}
.legend .ttl{margin-right:4px;font-size:12px;font-weight:500;color:var(--text)}
.legend .study{flex-basis:100%;color:var(--text)}
.sk{position:absolute;inset:0;z-index:20;display:flex;align-items:flex-end;gap:3px;overflow:hidden;padding:40px 12px 32px;background:var(--bg)}
.sk span{flex:1 1 0%;opacity:.6}
.skeleton{background:linear-gradient(90deg,var(--raised) 0,var(--border) 50%,var(--raised) 100%);background-size:200px 100%;animation:shimmer 1.4s ease-in-out infinite;border-radius:3px}
@keyframes shimmer{0%{background-position:-200px 0}to{background-position:calc(200px + 100%) 0}}
.ov{position:absolute;inset:0;z-index:20;display:grid;place-items:center}
.es{display:flex;flex-direction:column;align-items:center;justify-content:center;gap:8px;padding:48px 16px;text-align:center}
.es .t{font-size:14px;line-height:20px;font-weight:500}
.es .t.err{color:var(--down)}
.es .b{max-width:28rem;font-size:12px;color:var(--muted)}
.btn{margin-top:8px;display:inline-flex;height:28px;align-items:center;justify-content:center;border-radius:4px;border:1px solid var(--border);background:var(--raised);padding:0 8px;font-size:12px;font-weight:500;color:var(--text)}
.btn:hover{background:var(--border)}
.mk{position:absolute;z-index:30;width:240px;overflow-y:auto;border:1px solid var(--border);border-radius:6px;background:var(--raised);padding:8px 12px;font-size:11px;line-height:16px;box-shadow:0 8px 24px rgb(0 0 0/.3);font-variant-numeric:tabular-nums}
.mk-t{display:flex;justify-content:space-between;margin-bottom:6px;font-size:10px;text-transform:uppercase;letter-spacing:.025em;color:var(--muted)}
.mk ul{margin:0;padding:0;list-style:none}.mk li{padding:6px 0;border-top:1px solid var(--border)}.mk li:first-child{padding-top:0;border-top:0}.mk li:last-child{padding-bottom:0}
.mk-h{display:flex;justify-content:space-between;gap:12px}.mk .mono{font-family:ui-monospace,monospace;font-size:10px}
.widget-trades{height:168px;flex-shrink:0;overflow:auto;border-top:1px solid var(--border)}
.tt{width:100%;border-collapse:separate;border-spacing:0;font-size:12px}
.tt thead{position:sticky;top:0;z-index:10;background:var(--panel);font-size:11px;line-height:14px;text-transform:uppercase;letter-spacing:.025em;color:var(--muted)}
.tt th{padding:6px 8px;font-weight:500;text-align:right;background:var(--panel)}
.tt th:first-child,.tt th:nth-child(2){text-align:left}
.tt th:first-child,.tt td:first-child{position:sticky;left:0;z-index:1;background:var(--panel)}
.tt td{height:28px;padding:0 8px;border-bottom:1px solid color-mix(in srgb,var(--border) 60%,transparent);text-align:right}
.tt td:first-child{text-align:left;color:var(--muted)}
.tt td:nth-child(2){text-align:left;font-weight:500}
.tt tr:hover td{background:color-mix(in srgb,var(--raised) 60%,var(--panel))}
.tt .ar{margin-right:4px;font-size:9px}
.tt .skr{display:block;width:100%;height:12px}
.terr{padding:12px;font-size:12px;color:var(--muted)}
@keyframes flash-fade{0%{opacity:1}to{opacity:0}}
@keyframes flash-fade-again{0%{opacity:1}to{opacity:0}}
.flash-up,.flash-down{position:relative}
.flash-up:after,.flash-down:after{content:'';position:absolute;inset:0;border-radius:inherit;pointer-events:none;opacity:0;animation:flash-fade .9s ease-out}
.flash-again:after{animation-name:flash-fade-again}
.flash-up:after{background:var(--up-flash)}
.flash-down:after{background:var(--down-flash)}
@media (prefers-reduced-motion:reduce){.flash-up:after,.flash-down:after,.skeleton{animation:none}}
::-webkit-scrollbar{width:10px;height:10px}
::-webkit-scrollbar-thumb{background:var(--border);border-radius:8px;border:2px solid var(--bg)}
::-webkit-scrollbar-track{background:transparent}
.nf{background:var(--bg);padding:16px;text-align:center}
.nf .t{font-size:14px;line-height:20px;font-weight:500}
.nf .b{margin:4px auto 0;max-width:24rem;overflow-wrap:break-word;font-size:12px;color:var(--muted)}
@media (max-width:420px),(max-height:280px){
.widget .widget-roomy{display:none!important}
.widget [data-legend-values],.widget [data-freshness-age],.widget [data-col=value]{display:none}
.widget .widget-chart{min-height:120px}
.widget[data-view=trades] .widget-chart{flex:0 0 auto;min-height:0}
.widget[data-view=trades] .widget-chart figure{display:none}
.widget[data-view=trades] .widget-trades{flex:1 1 auto;height:auto;min-height:0}
.widget[data-view=chart] .widget-trades{display:none}
}
@media not ((max-width:420px) or (max-height:280px)){.widget .widget-compact{display:none!important}}
`;
