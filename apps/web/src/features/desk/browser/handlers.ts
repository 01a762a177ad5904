import type { DeskObject } from '@easio/shared';
import type { FocusEvent, KeyboardEvent, MouseEvent } from 'react';
import type { ObjectAction } from '../actions/use-object-actions';

/** What a row or card reports; one stable object shared by every row, so rows re-render only when they change. */
export interface ItemHandlers {
  onClick: (event: MouseEvent, object: DeskObject) => void;
  onCheck: (event: MouseEvent, object: DeskObject) => void;
  onOpen: (object: DeskObject) => void;
  onKeyDown: (event: KeyboardEvent, object: DeskObject) => void;
  onFocus: (event: FocusEvent, object: DeskObject) => void;
  onAction: (action: ObjectAction, object: DeskObject) => void;
  /** A finger held on the item: start choosing, with it chosen. */
  onLongPress: (object: DeskObject) => void;
}

export interface ItemProps {
  object: DeskObject;
  selected: boolean;
  /** The one row the Tab key reaches (roving focus). */
  tabbable: boolean;
  draggable: boolean;
  droppable: boolean;
  /** Phones: taps and long presses instead of clicks and modifier keys. */
  touch: boolean;
  handlers: ItemHandlers;
  top: number;
  height: number;
  rowIndex: number;
}
