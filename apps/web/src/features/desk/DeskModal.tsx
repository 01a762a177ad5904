import { Modal, type ModalProps } from '@mantine/core';

/** The desk's dialogs: Mantine's Modal with a named close button. */
export function DeskModal(props: ModalProps) {
  return <Modal closeButtonProps={{ 'aria-label': 'Close' }} {...props} />;
}
