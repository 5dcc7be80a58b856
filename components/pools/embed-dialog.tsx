'use client';
import { useState } from 'react';
import { INTERVAL_LABELS, KLINE_INTERVALS } from '@/lib/chart/rules/intervals';
import { embedUrl, iframeSnippet, scriptSnippet } from '@/lib/features/pools/embed-snippet';
import {
  CHART_STYLES,
  parseBg,
  type ChartStyle,
  WIDGET_DEFAULTS,
  type WidgetParams,
} from '@/lib/features/pools/params';
import type { PoolRef } from '@/lib/contracts/pool-ref';
import { CopyButton } from '@/components/ui/copy-button';
import { Dialog } from '@/components/ui/dialog';
import { Field, Select, TextArea, TextInput } from '@/components/ui/field';
import { Segmented, type SegmentedOption } from '@/components/ui/segmented';
import { zoneChoices, zoneShortLabel } from '@/lib/core/format/zone';
import { SCALE_LABELS, SCALE_MODES, type ScaleMode } from '@/lib/chart/rules/scale';

const HEIGHT = 480;

/** The widget's options, a live preview of the widget itself, and the code to paste. */
export function EmbedDialog({
  open,
  onClose,
  pool,
  title,
  initial,
}: {
  open: boolean;
  onClose: () => void;
  pool: PoolRef;
  title: string;
  initial: Partial<WidgetParams>;
}) {
  return (
    <Dialog open={open} onClose={onClose} title={`Embed the ${title} chart`} wide>
      {open && <EmbedForm pool={pool} title={title} initial={initial} />}
    </Dialog>
  );
}

function EmbedForm({
  pool,
  title,
  initial,
}: {
  pool: PoolRef;
  title: string;
  initial: Partial<WidgetParams>;
}) {
  const [params, setParams] = useState<WidgetParams>({ ...WIDGET_DEFAULTS, ...initial });
  const [bgText, setBgText] = useState(params.bg ?? '');
  const set = <K extends keyof WidgetParams>(key: K, value: WidgetParams[K]) =>
    setParams((p) => ({ ...p, [key]: value }));
  const form: Form = { params, set };
  const origin = window.location.origin;
  const bgError =
    bgText.trim() !== '' && parseBg(bgText) === null
      ? 'A colour is six hexadecimal digits, e.g. 0b0e14.'
      : null;
  const iframe = iframeSnippet(origin, pool, params, `${title} chart`, HEIGHT);
  const script = scriptSnippet(origin, pool, params, HEIGHT);

  return (
    <div className="grid gap-4 md:grid-cols-[240px_minmax(0,1fr)]">
      <form
        className="flex flex-col gap-3"
        onSubmit={(e) => e.preventDefault()}
        aria-label="Widget options"
      >
        <Field id="embed-interval" label="Interval">
          <Select
            id="embed-interval"
            value={params.interval}
            onChange={(e) => set('interval', e.target.value as WidgetParams['interval'])}
          >
            {KLINE_INTERVALS.map((i) => (
              <option key={i} value={i}>
                {INTERVAL_LABELS[i]}
              </option>
            ))}
          </Select>
        </Field>
        <Choice caption="Theme" param="theme" options={THEMES} form={form} />
        <Choice caption="Chart" label="Chart style" param="chart" options={STYLES} form={form} />
        <Choice caption="Price scale" param="scale" options={SCALES} form={form} />
        <Choice
          caption="Time labels"
          param="tz"
          options={zoneChoices(params.tz).map((value) => ({
            value,
            label: value === 'local' ? "Viewer's" : zoneShortLabel(value),
          }))}
          form={form}
        />
        <fieldset className="flex flex-col gap-1.5 text-12">
          <legend className="mb-1 font-medium text-muted">Show</legend>
          <Check label="Volume" param="volume" form={form} />
          <Check label="Header (pair, price, 24h change)" param="info" form={form} />
          <Check label="Latest trades" param="trades" form={form} />
        </fieldset>
        <Field
          id="embed-bg"
          label="Background (optional)"
          hint="Six hex digits, e.g. 0b0e14; empty uses the theme's."
          error={bgError}
        >
          <TextInput
            id="embed-bg"
            value={bgText}
            placeholder="RRGGBB"
            aria-invalid={bgError ? true : undefined}
            aria-describedby={bgError ? 'embed-bg-error' : 'embed-bg-hint'}
            onChange={(e) => {
              setBgText(e.target.value);
              set('bg', parseBg(e.target.value));
            }}
            className="font-mono"
          />
        </Field>
      </form>
      <div className="flex min-w-0 flex-col gap-3">
        <div>
          <div className="mb-1 flex items-center justify-between text-12 font-medium text-muted">
            <span>Preview</span>
            <a
              href={embedUrl(origin, pool, params)}
              target="_blank"
              rel="noopener"
              className="text-accent hover:underline"
            >
              Open the widget alone ↗
            </a>
          </div>
          <iframe
            key={embedUrl(origin, pool, params)}
            src={embedUrl(origin, pool, params)}
            title={`Preview of the embedded ${title} chart`}
            className="h-[360px] w-full rounded border border-border"
          />
        </div>
        <Snippet id="embed-iframe" label="iframe" copyName="Copy the iframe code" code={iframe} />
        <Snippet
          id="embed-script"
          label="or one script tag (sizes itself to the widget)"
          copyName="Copy the script tag"
          code={script}
        />
      </div>
    </div>
  );
}

/** A control's view of the form: the options so far and the way to change one. */
interface Form {
  params: WidgetParams;
  set: <K extends keyof WidgetParams>(key: K, value: WidgetParams[K]) => void;
}

const THEMES: readonly SegmentedOption<WidgetParams['theme']>[] = [
  { value: 'dark', label: 'Dark' },
  { value: 'light', label: 'Light' },
];
const STYLES: readonly SegmentedOption<ChartStyle>[] = CHART_STYLES.map((s) => ({
  value: s,
  label: s.charAt(0).toUpperCase() + s.slice(1),
}));
const SCALES: readonly SegmentedOption<ScaleMode>[] = SCALE_MODES.map((s) => ({
  value: s,
  label: SCALE_LABELS[s],
}));

/** One of the widget's either-or options, captioned; `label` names the group where the caption is short. */
function Choice<K extends 'theme' | 'chart' | 'scale' | 'tz'>({
  caption,
  label = caption,
  param,
  options,
  form,
}: {
  caption: string;
  label?: string;
  param: K;
  options: readonly SegmentedOption<WidgetParams[K]>[];
  form: Form;
}) {
  return (
    <div className="flex flex-col gap-1">
      <span className="text-12 font-medium text-muted">{caption}</span>
      <Segmented
        label={label}
        options={options}
        value={form.params[param]}
        onChange={(v) => form.set(param, v)}
        size="sm"
      />
    </div>
  );
}

/** One of the widget's parts, shown or not. */
function Check({
  label,
  param,
  form,
}: {
  label: string;
  param: 'volume' | 'info' | 'trades';
  form: Form;
}) {
  return (
    <label className="flex cursor-pointer items-center gap-2 text-text">
      <input
        type="checkbox"
        checked={form.params[param]}
        onChange={(e) => form.set(param, e.target.checked)}
        className="h-3.5 w-3.5 accent-[var(--accent)]"
      />
      {label}
    </label>
  );
}

function Snippet({
  id,
  label,
  copyName,
  code,
}: {
  id: string;
  label: string;
  copyName: string;
  code: string;
}) {
  return (
    <Field
      id={id}
      label={label}
      action={<CopyButton value={code} name={copyName} label={copyName} className="h-6 w-6" />}
    >
      <TextArea
        id={id}
        readOnly
        value={code}
        rows={3}
        onFocus={(e) => e.currentTarget.select()}
        className="resize-none"
      />
    </Field>
  );
}
