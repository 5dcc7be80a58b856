'use client';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { TokenItem } from '@/lib/contracts/price/schema';
import { tokenSearchQuery } from '@/lib/features/fiats/queries';
import { Button } from '@/components/ui/button';
import { Field, TextInput } from '@/components/ui/field';
import { Skeleton } from '@/components/ui/skeleton';
import { TokenIcon } from '@/components/ui/token-icon';

/** tokens/platforms/{keyword}: an exact symbol, name or contract address, across chains. */
export function TokenSearch({
  onPick,
}: {
  onPick: (token: TokenItem, side: 'from' | 'to') => void;
}) {
  const id = useId();
  const [text, setText] = useState('');
  const [keyword, setKeyword] = useState('');
  const search = useQuery(tokenSearchQuery(keyword));
  return (
    <div className="mt-3 border-t border-border pt-3">
      <form
        className="flex items-end gap-2"
        role="search"
        onSubmit={(e) => {
          e.preventDefault();
          setKeyword(text.trim());
        }}
      >
        <Field
          id={`${id}-q`}
          label="Find a token by exact symbol, name or contract address"
          className="min-w-0 flex-1"
        >
          <TextInput
            id={`${id}-q`}
            value={text}
            onChange={(e) => setText(e.target.value)}
            placeholder="e.g. PEPE, Wrapped Ether, 0xdAC1…1ec7"
            autoComplete="off"
            spellCheck={false}
            data-testid="token-search"
          />
        </Field>
        <Button type="submit" disabled={!text.trim()}>
          Search
        </Button>
      </form>
      {keyword && (
        <div className="mt-2" aria-live="polite">
          {search.isPending ? (
            <Skeleton width={260} height={14} />
          ) : search.isError ? (
            <p role="alert" className="text-12 text-down">
              The search failed: {search.error.message}.
            </p>
          ) : search.data.length === 0 ? (
            <p className="text-12 text-muted">
              No token matches &ldquo;{keyword}&rdquo; exactly: try the full symbol, name or
              contract address.
            </p>
          ) : (
            <ul
              className="divide-y divide-border/60 rounded border border-border"
              aria-label={`Tokens matching ${keyword}`}
            >
              {search.data.slice(0, 20).map((t) => (
                <li
                  key={t.id}
                  className="flex h-9 items-center gap-2 px-2 text-13"
                  data-testid="token-result"
                >
                  <TokenIcon src={t.logo_url} symbol={t.symbol} size={18} />
                  <span className="font-semibold">{t.symbol}</span>
                  <span className="min-w-0 truncate text-muted">
                    {t.name} · {t.chain_name}
                    {t.is_native ? ' · native' : ''}
                  </span>
                  <span className="ml-auto flex gap-1">
                    <Button
                      size="sm"
                      variant="ghost"
                      onClick={() => onPick(t, 'from')}
                      aria-label={`Convert from ${t.symbol} on ${t.chain_name}`}
                    >
                      From
                    </Button>
                    <Button
                      size="sm"
                      variant="ghost"
                      onClick={() => onPick(t, 'to')}
                      aria-label={`Convert to ${t.symbol} on ${t.chain_name}`}
                    >
                      To
                    </Button>
                  </span>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </div>
  );
}
