import type { RecommendedItem } from '@easio/shared';
import { Checkbox, Group, Image, Stack, Text } from '@mantine/core';
import { ObjectIcon } from '../../components/ObjectIcon';
import { displayName, formatDate, SOURCE_LABEL } from '../../lib/object-info';

/** One item of a suggestion: its preview, name, source and date, and whether it goes with the move. */
export function ItemToggle({
  item,
  kept,
  onToggle,
}: {
  item: RecommendedItem;
  kept: boolean;
  onToggle: () => void;
}) {
  const name = displayName(item);
  return (
    <Group gap="sm" wrap="nowrap" opacity={kept ? 1 : 0.55}>
      <Checkbox
        checked={kept}
        onChange={onToggle}
        aria-label={`Move ${name}`}
        title={kept ? 'Take this item out of the move' : 'Put this item back in the move'}
      />
      {item.thumbnail_url ? (
        <Image src={item.thumbnail_url} alt="" w={32} h={32} radius="md" fit="cover" />
      ) : (
        <ObjectIcon object={item} size={32} />
      )}
      <Stack gap={0} miw={0}>
        <Text size="sm" lineClamp={1} td={kept ? undefined : 'line-through'}>
          {name}
        </Text>
        <Text size="xs" c="dimmed">
          {SOURCE_LABEL[item.source]} · {formatDate(item.item_date)}
        </Text>
      </Stack>
    </Group>
  );
}
