/*!
 * Pulse pool chart loader. One tag instead of an iframe:
 *
 *   <script src="https://your-pulse.example/embed.js" data-pool="evm:1:0x88e6a0c2ddd26feeb64f039a2c41296fcb3f5640"
 *           data-interval="1h" data-theme="dark" async></script>
 *
 * data-pool (required): chain_type:chain_id:pool_address. Optional: data-interval, data-theme,
 * data-chart, data-volume, data-info, data-trades, data-bg, data-tz, data-scale, data-studies (the
 * widget's query parameters),
 * data-height (initial height in px, default 480), data-width (CSS width, default 100%),
 * data-target (a CSS selector to render into; by default the frame goes right after this tag).
 *
 * The frame follows the widget's `pulse:height` messages. Every widget message is also dispatched on
 * the iframe element as a DOM event of the same name (`pulse:ready`, `pulse:height`, `pulse:error`,
 * with the message as `event.detail`), and the element gets `pulse.setInterval(i)` and
 * `pulse.setTheme(t)`. No cookies, no storage.
 */
(function () {
  'use strict';
  var script = document.currentScript;
  if (!script || !script.src) return;
  var data = script.dataset;
  var origin = new URL(script.src, location.href).origin;
  var parts = String(data.pool || '').split(':');
  if (parts.length !== 3 || !parts[0] || !parts[1] || !parts[2]) {
    console.error(
      '[pulse] data-pool must be chain_type:chain_id:pool_address, e.g. evm:1:0x88e6a0c2ddd26feeb64f039a2c41296fcb3f5640',
    );
    return;
  }

  var params = new URLSearchParams();
  [
    'interval',
    'theme',
    'chart',
    'volume',
    'info',
    'trades',
    'bg',
    'tz',
    'scale',
    'studies',
  ].forEach(function (name) {
    var value = data[name];
    if (value !== undefined && value !== '') params.set(name, value);
  });
  var height = parseInt(data.height, 10) > 0 ? parseInt(data.height, 10) : 480;

  var frame = document.createElement('iframe');
  frame.src =
    origin + '/embed/pools/' + parts.map(encodeURIComponent).join('/') + '?' + params.toString();
  frame.title = data.title || 'Pool chart';
  frame.setAttribute('loading', 'lazy');
  frame.style.cssText =
    'display:block;border:0;border-radius:8px;width:' +
    (data.width || '100%') +
    ';height:' +
    height +
    'px';

  var target = data.target ? document.querySelector(data.target) : null;
  if (target) target.appendChild(frame);
  else script.parentNode.insertBefore(frame, script.nextSibling);

  function send(message) {
    if (frame.contentWindow) frame.contentWindow.postMessage(message, origin);
  }
  frame.pulse = {
    setInterval: function (interval) {
      send({ type: 'pulse:setInterval', interval: interval });
    },
    setTheme: function (theme) {
      send({ type: 'pulse:setTheme', theme: theme });
    },
  };

  window.addEventListener('message', function (event) {
    if (event.source !== frame.contentWindow || event.origin !== origin) return;
    var message = event.data;
    if (!message || typeof message.type !== 'string' || message.type.indexOf('pulse:') !== 0)
      return;
    if (
      message.type === 'pulse:height' &&
      typeof message.height === 'number' &&
      message.height > 0
    ) {
      frame.style.height = Math.min(Math.round(message.height), 5000) + 'px';
    }
    if (message.type === 'pulse:error') console.warn('[pulse] ' + message.message);
    frame.dispatchEvent(new CustomEvent(message.type, { detail: message }));
  });
})();
