'use client';
/**
 * "Export CSV" of what a table has loaded: the button, at once; its dialog (a date range read in
 * the time-zone preference, the count in range, the download) loads at the first press. The dialog
 * holds the rows as they were at the press: a live table goes on moving behind it, but the count it
 * says and the file it saves do not, so "Download 50 rows" saves those 50.
 */
import { lazy, Suspense, useState } from 'react';
import { Button } from './button';
import { DownloadIcon } from '@/components/ui/icons';

export interface CsvExportProps<T> {
  /** what the file is of, in the button's accessible name and the dialog: `trades`, `transactions` */
  noun: string;
  /** the file's name before its time stamp: `trades-WETH-USDC` */
  fileName: string;
  rows: readonly T[];
  timeOf: (row: T) => number | null;
  toCsv: (rows: readonly T[]) => string;
}

const load = () => import('./csv-export-dialog');
const CsvExportDialog = lazy(() => load().then((m) => ({ default: m.CsvExportDialog })));

export function CsvExport<T>(props: CsvExportProps<T>) {
  const [open, setOpen] = useState(false);
  // Mounted at the first opening and kept, so closing it hands the focus back as a dialog should.
  const [used, setUsed] = useState(false);
  const { noun, rows, toCsv } = props;
  // The rows and the reader of the press: a live table's rows may be raw records read into the
  // file's figures only here (the pool's trades), and the file says what the rows said then.
  const [pressed, setPressed] = useState({ rows, toCsv });
  return (
    <>
      <Button
        size="sm"
        variant="ghost"
        onClick={() => {
          setPressed({ rows, toCsv });
          setUsed(true);
          setOpen(true);
        }}
        onPointerEnter={() => void load()}
        onFocus={() => void load()}
        disabled={rows.length === 0}
        aria-label={`Export ${noun} as CSV`}
        title={`Export the loaded ${noun} as CSV`}
      >
        <DownloadIcon />
        CSV
      </Button>
      {used && (
        <Suspense fallback={null}>
          <CsvExportDialog
            {...({ ...props, ...pressed } as CsvExportProps<unknown>)}
            open={open}
            onClose={() => setOpen(false)}
          />
        </Suspense>
      )}
    </>
  );
}
