/** jsdom has no layout: the window answers `(max-width: N px)` media queries as a window `width` px wide would. */
export function useWindowWidth(width: number) {
  window.matchMedia = (query: string) => {
    const limit = /max-width:\s*(\d+)px/.exec(query)?.[1];
    return {
      matches: limit !== undefined && width <= Number(limit),
      media: query,
      onchange: null,
      addEventListener: () => {},
      removeEventListener: () => {},
      addListener: () => {},
      removeListener: () => {},
      dispatchEvent: () => false,
    } as MediaQueryList;
  };
}
