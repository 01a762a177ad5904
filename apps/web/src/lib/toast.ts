import { TOAST_MS } from '@easio/shared';
import { notifications } from '@mantine/notifications';
import { errorMessage } from '../api/error-message';

/** The generic failure toast: the server's detail, else the error's message, else the generic text. */
/** Every toast's close button has a name for screen readers. */
const closeButtonProps = { 'aria-label': 'Close message' };

export function toastError(error: unknown, autoClose: number = TOAST_MS.topBar) {
  notifications.show({ color: 'red', message: errorMessage(error), autoClose, closeButtonProps });
}

export function toastSuccess(message: string, autoClose: number = TOAST_MS.topBar) {
  notifications.show({ color: 'teal', message, autoClose, closeButtonProps });
}

/** A notice the user asked for (new suggestions): long enough to read while working. */
export function toastInfo(message: string, autoClose = 5000) {
  notifications.show({ color: 'blue', message, autoClose, closeButtonProps });
}

const LIVE_NOTICE = 'live-connection';

/**
 * Live updates stopped (the connection to the server was lost): said once, quietly, and kept while
 * the app tries again; `liveBack` takes it away when they resume.
 */
export function liveLost() {
  notifications.show({
    id: LIVE_NOTICE,
    color: 'gray',
    message: 'Connection to the server lost. Changes made elsewhere will show once it is back; trying again…',
    autoClose: false,
    closeButtonProps,
  });
}

export function liveBack() {
  notifications.update({
    id: LIVE_NOTICE,
    color: 'teal',
    message: 'Connected again: live updates resumed.',
    autoClose: 3000,
    closeButtonProps,
  });
}

export function liveNoticeGone() {
  notifications.hide(LIVE_NOTICE);
}
