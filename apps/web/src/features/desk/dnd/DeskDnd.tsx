import {
  type Announcements,
  type CollisionDetection,
  closestCenter,
  DndContext,
  type DragEndEvent,
  DragOverlay,
  type DragStartEvent,
  KeyboardSensor,
  PointerSensor,
  pointerWithin,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import type { DataType, DeskObject } from '@easio/shared';
import { Paper, Text } from '@mantine/core';
import { createContext, type ReactNode, useContext, useMemo, useState } from 'react';
import { displayName } from '../../../lib/object-info';
import { toastError } from '../../../lib/toast';
import classes from '../desk.module.css';
import { moveProblem } from '../move-rules';
import { DragPreview } from './DragPreview';
import { followPointer } from './follow-pointer';
import { jumpBetweenTargets } from './keyboard-coordinates';

/** A folder objects can be dropped on: a drawer or binder row, or a breadcrumb. */
export interface DropTarget {
  id: string;
  name: string;
  data_type: DataType;
}

export interface DragData {
  object: DeskObject;
}
export interface DropData {
  target: DropTarget;
}

const DraggingContext = createContext<ReadonlySet<string>>(new Set());

/** The ids being dragged right now (empty when nothing is). */
export function useDraggingIds(): ReadonlySet<string> {
  return useContext(DraggingContext);
}

// Pointer coordinates exist for mouse and touch drags: the folder under the pointer is the target.
// A keyboard drag has none: the target nearest the moved preview is.
const collisions: CollisionDetection = (args) =>
  args.pointerCoordinates ? pointerWithin(args) : closestCenter(args);

/**
 * Only the list scrolls by itself while dragging near its edges; the page never does, so what is under
 * the pointer stays put (breadcrumbs and toolbar are in view anyway).
 */
const autoScroll = {
  canScroll: (element: Element) =>
    element !== document.scrollingElement &&
    element !== document.documentElement &&
    element !== document.body,
  threshold: { x: 0, y: 0.15 },
};

const screenReaderInstructions = {
  draggable:
    'To move this item with the keyboard, press space or enter. Use the arrow keys to go from one drawer, binder or breadcrumb to the next, space or enter to drop it there, escape to cancel.',
};

/** What a keyboard drag does next, on screen while it lasts. */
function KeyboardDragHint({ what }: { what: string }) {
  return (
    <Paper role="status" shadow="md" radius="md" withBorder px="md" py="xs" className={classes.dragHint}>
      <Text size="sm">
        Moving <b>{what}</b>: arrow keys go from folder to folder, Space or Enter drops it there, Esc cancels.
      </Text>
    </Paper>
  );
}

interface Props {
  children: ReactNode;
  /** The objects a drag carries when `id` is grabbed: the selection if it is in it, else just it. */
  getDragged: (id: string) => DeskObject[];
  onMove: (objects: DeskObject[], target: DropTarget) => void;
}

/**
 * Drag and drop on the desk (dnd-kit): rows and cards are dragged with the pointer or, from their
 * handle, with the keyboard; the spec's preview follows the pointer with the name and the count.
 */
export function DeskDnd({ children, getDragged, onMove }: Props) {
  const [dragged, setDragged] = useState<DeskObject[] | null>(null);
  const [active, setActive] = useState<DeskObject | null>(null);
  // A drag started from the keyboard says on screen how it goes on (a pointer drag shows itself).
  const [byKeyboard, setByKeyboard] = useState(false);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    useSensor(KeyboardSensor, { coordinateGetter: jumpBetweenTargets }),
  );
  const draggingIds = useMemo(() => new Set(dragged?.map((o) => o.id) ?? []), [dragged]);

  const announcements = useMemo<Announcements>(() => {
    const what = () => (dragged && dragged.length > 1 ? `${dragged.length} items` : 'the item');
    const nameOf = (data: unknown) => (data as DropData | undefined)?.target.name ?? 'a folder';
    return {
      onDragStart: () => `Picked up ${what()}.`,
      onDragOver: ({ over }) => (over ? `Over ${nameOf(over.data.current)}.` : 'Not over a folder.'),
      onDragEnd: ({ over }) =>
        over ? `Dropped on ${nameOf(over.data.current)}.` : 'Dropped. Nothing moved.',
      onDragCancel: () => 'Moving cancelled.',
    };
  }, [dragged]);

  const start = ({ active: grabbed, activatorEvent }: DragStartEvent) => {
    const data = grabbed.data.current as DragData | undefined;
    if (!data) return;
    setByKeyboard(activatorEvent instanceof KeyboardEvent);
    setActive(data.object);
    setDragged(getDragged(data.object.id));
  };
  const end = ({ over }: DragEndEvent) => {
    const objects = dragged;
    setDragged(null);
    setActive(null);
    setByKeyboard(false);
    const target = (over?.data.current as DropData | undefined)?.target;
    if (!objects || !target) return;
    const problem = moveProblem(objects, target);
    if (problem) toastError(problem);
    else onMove(objects, target);
  };
  const cancel = () => {
    setDragged(null);
    setActive(null);
    setByKeyboard(false);
  };

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={collisions}
      autoScroll={autoScroll}
      onDragStart={start}
      onDragEnd={end}
      onDragCancel={cancel}
      accessibility={{ announcements, screenReaderInstructions }}
    >
      <DraggingContext value={draggingIds}>{children}</DraggingContext>
      <DragOverlay
        dropAnimation={null}
        modifiers={[followPointer]}
        style={{ width: 300, height: 'auto', cursor: 'grabbing' }}
      >
        {active && dragged ? <DragPreview text={displayName(active)} count={dragged.length} /> : null}
      </DragOverlay>
      {byKeyboard && active && dragged && (
        <KeyboardDragHint what={dragged.length > 1 ? `${dragged.length} items` : displayName(active)} />
      )}
    </DndContext>
  );
}
