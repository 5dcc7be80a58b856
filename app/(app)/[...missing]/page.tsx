import type { Metadata } from 'next';
import { notFound } from 'next/navigation';

export const metadata: Metadata = { title: 'Page not found' };

/**
 * Any path no page claims: answered 404 inside the app's own frame (header, navigation, theme)
 * by ../not-found.tsx, rather than by the framework's bare white page.
 */
export default function MissingPage(): never {
  notFound();
}
