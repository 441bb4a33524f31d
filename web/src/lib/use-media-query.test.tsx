import { render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useMediaQuery } from './use-media-query';

function Largeur({ tour }: { tour: number }) {
  const etroit = useMediaQuery('(max-width: 1023px)');
  return <span data-tour={tour}>{etroit ? 'étroit' : 'large'}</span>;
}

describe('useMediaQuery', () => {
  afterEach(() => vi.restoreAllMocks());

  it('follows the query with one subscription, however often its component renders', () => {
    // Given a viewport whose width is watched
    const abonnements: string[] = [];
    vi.spyOn(window, 'matchMedia').mockImplementation(
      (query: string) =>
        ({
          matches: true,
          media: query,
          addEventListener: () => abonnements.push(query),
          removeEventListener: () => undefined,
        }) as unknown as MediaQueryList,
    );
    // When its component renders four times
    const { rerender, container } = render(<Largeur tour={1} />);
    for (const tour of [2, 3, 4]) rerender(<Largeur tour={tour} />);
    // Then it says what the query says, and subscribed once
    expect(container).toHaveTextContent('étroit');
    expect(abonnements).toEqual(['(max-width: 1023px)']);
  });
});
