import type { SearchResult } from '@easio/shared';
import { Group, Text } from '@mantine/core';
import { ObjectIcon } from '../../components/ObjectIcon';
import { displayName, KIND_LABEL, SOURCE_LABEL } from '../../lib/object-info';
import { Highlighted } from './Highlighted';
import { pathText } from './open-result';
import classes from './search.module.css';

/** One suggestion under the search box: kind icon, name with the matched words marked, source and folder. */
export function Suggestion({ result }: { result: SearchResult }) {
  return (
    <Group gap="sm" wrap="nowrap">
      <ObjectIcon object={result} size={28} />
      <div style={{ minWidth: 0 }}>
        <Text size="sm" fw={500} truncate>
          <Highlighted parts={result.highlight.name} fallback={displayName(result)} />
        </Text>
        <Text size="xs" truncate className={classes.suggestionMeta}>
          {[KIND_LABEL[result.data_type], SOURCE_LABEL[result.source], pathText(result)].join(' · ')}
        </Text>
      </div>
    </Group>
  );
}
