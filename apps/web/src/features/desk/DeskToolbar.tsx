import { SORT_KEYS, type SortKey } from '@easio/shared';
import { Chip, Group, NativeSelect, SegmentedControl, VisuallyHidden } from '@mantine/core';
import { setDeskPrefs, useDeskPrefs } from './desk-prefs';
import {
  DRAWER_OPTION_LABEL,
  DRAWER_OPTIONS,
  type DrawerOption,
  NAV_FILTER_LABEL,
  NAV_FILTERS,
  type NavFilter,
  nextDrawerOption,
  ORDER_LABEL,
  PANEL_LABEL,
  PANEL_VALUES,
  type PanelValue,
  SORT_LABEL,
} from './filters';
import { GridIcon, ListIcon } from './icons';

interface Props {
  /** Which controls this page has: the folder's kind filter, side panel and drawer option, or just sort and view. */
  kindFilter?: boolean;
  panel?: boolean;
  drawerOption?: boolean;
  view?: boolean;
}

const isOneOf = <T extends string>(list: readonly T[], value: string): value is T =>
  (list as readonly string[]).includes(value);

/** The navigation filter, the drawer option, the side panel, the sort and the list/grid switch. */
export function DeskToolbar({ kindFilter = true, panel = true, drawerOption = false, view = true }: Props) {
  const prefs = useDeskPrefs();
  const orderWords = ORDER_LABEL[prefs.sort];
  return (
    <Group justify="space-between" gap="sm" wrap="wrap" align="flex-end">
      {kindFilter ? (
        <Chip.Group
          value={prefs.filter}
          onChange={(value) => {
            if (typeof value === 'string' && isOneOf(NAV_FILTERS, value)) setDeskPrefs({ filter: value });
          }}
        >
          <Group gap={6} role="radiogroup" aria-label="Show">
            {NAV_FILTERS.map((value: NavFilter) => (
              <Chip key={value} value={value} size="xs" variant="outline" radius="xl">
                {NAV_FILTER_LABEL[value]}
              </Chip>
            ))}
          </Group>
        </Chip.Group>
      ) : (
        <span />
      )}
      <Group gap="xs" align="flex-end" wrap="wrap">
        {drawerOption && (
          <NativeSelect
            size="xs"
            label="Binders"
            value={prefs.drawerOption}
            data={DRAWER_OPTIONS.map((o) => ({ value: o, label: DRAWER_OPTION_LABEL[o] }))}
            onChange={(event) => {
              const value = event.currentTarget.value;
              if (isOneOf<DrawerOption>(DRAWER_OPTIONS, value))
                setDeskPrefs({ drawerOption: nextDrawerOption(value) });
            }}
          />
        )}
        {panel && (
          <NativeSelect
            size="xs"
            label="Side panel"
            value={prefs.panel}
            data={PANEL_VALUES.map((p) => ({ value: p, label: PANEL_LABEL[p] }))}
            onChange={(event) => {
              const value = event.currentTarget.value;
              if (isOneOf<PanelValue>(PANEL_VALUES, value)) setDeskPrefs({ panel: value });
            }}
          />
        )}
        <NativeSelect
          size="xs"
          label="Sort by"
          value={prefs.sort}
          data={SORT_KEYS.map((k) => ({ value: k, label: SORT_LABEL[k] }))}
          onChange={(event) => {
            const value = event.currentTarget.value;
            if (isOneOf<SortKey>(SORT_KEYS, value)) setDeskPrefs({ sort: value });
          }}
        />
        <NativeSelect
          size="xs"
          label="Order"
          value={prefs.order}
          data={[
            { value: 'desc', label: orderWords.desc },
            { value: 'asc', label: orderWords.asc },
          ]}
          onChange={(event) => {
            const value = event.currentTarget.value;
            if (value === 'asc' || value === 'desc') setDeskPrefs({ order: value });
          }}
        />
        {view && (
          <SegmentedControl
            size="xs"
            aria-label="View"
            value={prefs.view}
            onChange={(value) => setDeskPrefs({ view: value === 'grid' ? 'grid' : 'list' })}
            data={[
              {
                value: 'list',
                label: (
                  <Group gap={4} wrap="nowrap">
                    <ListIcon size={14} />
                    <span>List</span>
                  </Group>
                ),
              },
              {
                value: 'grid',
                label: (
                  <Group gap={4} wrap="nowrap">
                    <GridIcon size={14} />
                    <span>Grid</span>
                  </Group>
                ),
              },
            ]}
          />
        )}
      </Group>
      <VisuallyHidden aria-live="polite">
        {`${NAV_FILTER_LABEL[prefs.filter]}, sorted ${SORT_LABEL[prefs.sort].toLowerCase()}, ${orderWords[prefs.order].toLowerCase()}`}
      </VisuallyHidden>
    </Group>
  );
}
