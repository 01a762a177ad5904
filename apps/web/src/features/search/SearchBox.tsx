import type { SearchResult } from '@easio/shared';
import {
  ActionIcon,
  Combobox,
  Group,
  Kbd,
  Loader,
  Popover,
  Text,
  TextInput,
  useCombobox,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { SearchIcon } from '../../components/icons';
import { FilterPanel } from './FilterPanel';
import { applyFilter, filterValuesOf, isEmptyFilter } from './filter-form';
import { FilterIcon } from './icons';
import { openResultHref } from './open-result';
import { SUGGEST_FROM, useSuggestions } from './queries';
import { Suggestion } from './Suggestion';
import {
  clearFilters,
  EMPTY_SEARCH,
  hasFilters,
  parseSearchParams,
  SEARCH_PATH,
  type SearchState,
  searchHref,
} from './search-state';
import { useSearchShortcut } from './use-search-shortcut';

const DEBOUNCE_MS = 200;
/** The last option: every result on the results page. */
const ALL_RESULTS = '__all__';

/** The search being looked at: the results page's, else none. */
function useCurrentSearch(): SearchState {
  const { pathname, search } = useLocation();
  const onResults = pathname.toLowerCase() === SEARCH_PATH.toLowerCase();
  return useMemo(
    () => (onResults ? parseSearchParams(new URLSearchParams(search)) : EMPTY_SEARCH),
    [onResults, search],
  );
}

/**
 * The top bar's search box: suggestions as you type (from two characters), arrows and Enter to open
 * one, Enter alone for every result, Esc to close, `/` to get here from anywhere; and the toggle of
 * the advanced filter popup.
 */
export function SearchBox() {
  const navigate = useNavigate();
  const current = useCurrentSearch();
  const [text, setText] = useState(current.q);
  // The results page's text shows in the box, and follows it (back, forward, a new search).
  useEffect(() => setText(current.q), [current.q]);

  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  const typed = text.trim();
  const [debounced] = useDebouncedValue(typed, DEBOUNCE_MS);
  const enough = typed.length >= SUGGEST_FROM;
  // Asked only while the suggestions show: the results page's text in the box costs nothing.
  const suggestions = useSuggestions(enough && combobox.dropdownOpened ? debounced : '');
  const results = enough ? (suggestions.data?.results ?? []) : [];
  // New suggestions replace the ones the arrows were on: start again from none, so Enter never opens
  // something that is no longer shown.
  const { resetSelectedOption } = combobox;
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when a new answer arrives.
  useEffect(() => resetSelectedOption(), [suggestions.data, resetSelectedOption]);

  const input = useRef<HTMLInputElement>(null);
  useSearchShortcut(input);
  const [filtersOpen, setFiltersOpen] = useState(false);

  const showAll = () => {
    combobox.closeDropdown();
    if (typed === '' && !hasFilters(current)) return;
    navigate(searchHref({ ...current, q: typed }));
  };
  const open = (result: SearchResult) => {
    combobox.closeDropdown();
    input.current?.blur();
    navigate(openResultHref(result));
  };

  return (
    <Group gap={4} wrap="nowrap" role="search" style={{ flex: 1, maxWidth: 560, minWidth: 0 }}>
      <Combobox
        store={combobox}
        onOptionSubmit={(value) => {
          const result = results.find((r) => r.id === value);
          if (result) open(result);
          else showAll();
        }}
        position="bottom-start"
        styles={{ dropdown: { minWidth: 360 } }}
      >
        <Combobox.Target withExpandedAttribute>
          <TextInput
            ref={input}
            value={text}
            aria-label="Search your desk"
            placeholder="Search your desk"
            leftSection={<SearchIcon size={16} />}
            rightSection={
              suggestions.isFetching && enough ? (
                <Loader size={14} aria-label="Searching" />
              ) : (
                <Kbd size="xs" aria-hidden="true">
                  /
                </Kbd>
              )
            }
            rightSectionPointerEvents="none"
            style={{ flex: 1, minWidth: 0 }}
            onChange={(event) => {
              const value = event.currentTarget.value;
              setText(value);
              combobox.resetSelectedOption();
              if (value.trim().length >= SUGGEST_FROM) combobox.openDropdown();
              else combobox.closeDropdown();
            }}
            onFocus={() => enough && combobox.openDropdown()}
            onClick={() => enough && combobox.openDropdown()}
            onBlur={() => combobox.closeDropdown()}
            onKeyDown={(event) => {
              if (event.nativeEvent.isComposing) return;
              if (event.key === 'Escape') {
                combobox.closeDropdown();
                event.currentTarget.blur();
              } else if (event.key === 'Enter' && combobox.getSelectedOptionIndex() === -1) {
                event.preventDefault();
                showAll();
              }
            }}
          />
        </Combobox.Target>
        <Combobox.Dropdown hidden={!enough}>
          <Combobox.Options aria-label="Suggestions">
            {results.map((result) => (
              <Combobox.Option key={result.id} value={result.id}>
                <Suggestion result={result} />
              </Combobox.Option>
            ))}
            {results.length === 0 && (
              <Combobox.Empty>
                {suggestions.isFetching ? 'Searching…' : `No matches for “${typed}”`}
              </Combobox.Empty>
            )}
            <Combobox.Option value={ALL_RESULTS}>
              <Text size="sm" c="var(--easio-text-accent)" fw={500}>
                See all results for “{typed}”
              </Text>
            </Combobox.Option>
          </Combobox.Options>
        </Combobox.Dropdown>
      </Combobox>
      <Popover
        opened={filtersOpen}
        onChange={setFiltersOpen}
        position="bottom-end"
        width={440}
        trapFocus
        returnFocus
        shadow="md"
      >
        <Popover.Target>
          <ActionIcon
            size="lg"
            variant={hasFilters(current) ? 'light' : 'subtle'}
            color={hasFilters(current) ? undefined : 'gray'}
            aria-label="Search filters"
            onClick={() => setFiltersOpen((o) => !o)}
          >
            <FilterIcon />
          </ActionIcon>
        </Popover.Target>
        <Popover.Dropdown>
          <FilterPanel
            initial={filterValuesOf(current)}
            onApply={(values) => {
              setFiltersOpen(false);
              // An empty filter just closes the popup (spec section 5); on the results page it also
              // takes away the filters the search had.
              if (isEmptyFilter(values)) {
                if (hasFilters(current)) navigate(searchHref({ ...clearFilters(current), q: typed }));
                return;
              }
              navigate(searchHref(applyFilter({ ...current, q: typed }, values)));
            }}
          />
        </Popover.Dropdown>
      </Popover>
    </Group>
  );
}
