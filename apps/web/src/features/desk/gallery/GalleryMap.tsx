import type { DeskObject, ListQuery } from '@easio/shared';
import { Center, Loader, Stack, Text, UnstyledButton } from '@mantine/core';
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { LoadError } from '../../../components/LoadError';
import { ObjectIcon } from '../../../components/ObjectIcon';
import { PinIcon } from '../../../components/object-icons';
import { EmptyPanel } from '../../../components/Page';
import { displayName, formatDate, takenAt } from '../../../lib/object-info';
import { countOf } from '../../../lib/plural';
import { useOpenObject } from '../links';
import { useListing } from '../queries';
import classes from './gallery.module.css';

// The map and its world outline load only when the map is opened.
const PhotoMap = lazy(() => import('./PhotoMap'));

const PLACED: ListQuery = { mime: 'image/', placed: 'true', sort: 'date', order: 'desc' };

/** The photos of the marker chosen on the map, each opening in the viewer. */
function ChosenPhotos({ photos }: { photos: DeskObject[] }) {
  const open = useOpenObject();
  return (
    <Stack gap="xs" aria-label="Photos taken here">
      <Text size="sm" fw={600}>
        {countOf(photos.length, 'photo')} taken here
      </Text>
      <div className={classes.strip}>
        {photos.map((photo) => (
          <UnstyledButton
            key={photo.id}
            className={classes.thumb}
            onClick={() => open(photo)}
            aria-label={`Open ${displayName(photo)}`}
          >
            {photo.thumbnail_url ? (
              <img src={photo.thumbnail_url} alt="" loading="lazy" decoding="async" />
            ) : (
              <Center h={90}>
                <ObjectIcon object={photo} size={40} />
              </Center>
            )}
            <span className={classes.thumbName}>{displayName(photo)}</span>
            <Text size="xs" c="dimmed" component="span">
              <time dateTime={takenAt(photo)}>{formatDate(takenAt(photo), true)}</time>
            </Text>
          </UnstyledButton>
        ))}
      </div>
    </Stack>
  );
}

/** The gallery's map view: every photo that carries a place (EXIF GPS), grouped where they crowd. */
export function GalleryMap() {
  const listing = useListing({ items: true }, PLACED);
  const { objects, hasNextPage, isFetchingNextPage, isError, fetchNextPage } = listing;
  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage && !isError) fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, isError, fetchNextPage]);
  const [selected, setSelected] = useState<string[]>([]);
  const chosen = useMemo(() => {
    const byId = new Map(objects.map((o) => [o.id, o]));
    return selected.flatMap((id) => byId.get(id) ?? []);
  }, [objects, selected]);

  if (listing.isPending) {
    return (
      <Center py="xl">
        <Loader aria-label="Loading the map" />
      </Center>
    );
  }
  if (isError && objects.length === 0) {
    return (
      <LoadError title="The photos could not be loaded" error={listing.error} onRetry={listing.refetch} />
    );
  }
  if (objects.length === 0) {
    return (
      <EmptyPanel
        title="No photo has a place yet"
        icon={<PinIcon size={28} />}
        description="Photos taken with location turned on carry where they were taken; once uploaded or imported they appear on this map. The others stay in the grid."
      />
    );
  }
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed" aria-live="polite">
        {countOf(objects.length, 'photo')} with a place
        {hasNextPage ? ' so far…' : '. Photos without one are in the grid.'}
      </Text>
      <Suspense
        fallback={
          <Center py="xl">
            <Loader aria-label="Loading the map" />
          </Center>
        }
      >
        <PhotoMap photos={objects} selected={selected} onSelect={setSelected} />
      </Suspense>
      {chosen.length > 0 ? (
        <ChosenPhotos photos={chosen} />
      ) : (
        <Text size="sm" c="dimmed">
          Choose a marker to see the photos taken there.
        </Text>
      )}
    </Stack>
  );
}
