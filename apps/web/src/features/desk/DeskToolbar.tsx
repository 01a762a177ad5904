import { SORT_KEYS, type SortKey } from '@easio/shared';
import { Chip, Group, NativeSelect, SegmentedControl, VisuallyHidden } from '@mantine/core';
import { GridIcon, ListIcon } from '../../components/object-icons';
import { useIsPhone } from '../../lib/use-is-phone';
import classes from './desk.module.css';
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

interface Props {
  /** Which controls this page has: the folder's kind filter, side panel and drawer option, or just sort and view. */
  kindFilter?: boolean;
  panel?: boolean;
  drawerOption?: boolean;
  view?: boolean;
}

const isOneOf = <T extends string>(list: readonly T[], value: string): value is T =>
  (list as readonly string[]).includes(value);

/** One select for what to sort by and which way: "Name: A to Z". */
function SortSelect() {
  const prefs = useDeskPrefs();
  return (
    <NativeSelect
      size="xs"
      aria-label="Sort by"
      value={`${prefs.sort}:${prefs.order}`}
      data={SORT_KEYS.flatMap((key) =>
        (['desc', 'asc'] as const).map((order) => ({
          value: `${key}:${order}`,
          label: `${SORT_LABEL[key]}: ${ORDER_LABEL[key][order]}`,
        })),
      )}
      onChange={(event) => {
        const [key = '', order] = event.currentTarget.value.split(':');
        if (isOneOf<SortKey>(SORT_KEYS, key) && (order === 'asc' || order === 'desc'))
          setDeskPrefs({ sort: key, order });
      }}
      className={classes.sortSelect}
    />
  );
}

/**
 * The navigation filter, the drawer option, the side panel, the sort and the list/grid switch: one
 * line in the bar above the listing (the filter scrolls sideways when the line is short).
 */
export function DeskToolbar({ kindFilter = true, panel = true, drawerOption = false, view = true }: Props) {
  const prefs = useDeskPrefs();
  const isPhone = useIsPhone();
  const orderWords = ORDER_LABEL[prefs.sort];
  return (
    <Group gap="xs" wrap="nowrap" className={classes.toolbar}>
      {kindFilter && isPhone ? (
        <NativeSelect
          size="xs"
          aria-label="Show"
          value={prefs.filter}
          data={NAV_FILTERS.map((value) => ({ value, label: NAV_FILTER_LABEL[value] }))}
          onChange={(event) => {
            const value = event.currentTarget.value;
            if (isOneOf(NAV_FILTERS, value)) setDeskPrefs({ filter: value });
          }}
          className={classes.sortSelect}
        />
      ) : kindFilter ? (
        <Chip.Group
          value={prefs.filter}
          onChange={(value) => {
            if (typeof value === 'string' && isOneOf(NAV_FILTERS, value)) setDeskPrefs({ filter: value });
          }}
        >
          <div role="radiogroup" aria-label="Show" className={classes.chips}>
            {NAV_FILTERS.map((value: NavFilter) => (
              // One name makes them one radio group: a single Tab stop, the arrow keys choose.
              <Chip key={value} value={value} name="desk-show" size="xs" variant="outline" radius="xl">
                {NAV_FILTER_LABEL[value]}
              </Chip>
            ))}
          </div>
        </Chip.Group>
      ) : (
        <span className={classes.chips} />
      )}
      {drawerOption && (
        <NativeSelect
          size="xs"
          aria-label="Binders"
          value={prefs.drawerOption}
          data={DRAWER_OPTIONS.map((o) => ({ value: o, label: DRAWER_OPTION_LABEL[o] }))}
          onChange={(event) => {
            const value = event.currentTarget.value;
            if (isOneOf<DrawerOption>(DRAWER_OPTIONS, value))
              setDeskPrefs({ drawerOption: nextDrawerOption(value) });
          }}
          style={{ flexShrink: 0 }}
        />
      )}
      {panel && !isPhone && (
        <NativeSelect
          size="xs"
          aria-label="Side panel"
          value={prefs.panel}
          data={PANEL_VALUES.map((p) => ({ value: p, label: `Panel: ${PANEL_LABEL[p]}` }))}
          onChange={(event) => {
            const value = event.currentTarget.value;
            if (isOneOf<PanelValue>(PANEL_VALUES, value)) setDeskPrefs({ panel: value });
          }}
          style={{ flexShrink: 0 }}
        />
      )}
      <SortSelect />
      {/* A phone lists (the gallery keeps its photo cards): no room, nor need, for the switch. */}
      {view && !isPhone && (
        <SegmentedControl
          size="xs"
          aria-label="View"
          value={prefs.view}
          onChange={(value) => setDeskPrefs({ view: value === 'grid' ? 'grid' : 'list' })}
          style={{ flexShrink: 0 }}
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
      <VisuallyHidden aria-live="polite">
        {`${NAV_FILTER_LABEL[prefs.filter]}, sorted ${SORT_LABEL[prefs.sort].toLowerCase()}, ${orderWords[prefs.order].toLowerCase()}`}
      </VisuallyHidden>
    </Group>
  );
}
