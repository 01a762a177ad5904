import { describe, expect, it } from 'vitest';
import { createdMessage, deletedMessage, movedMessage, uploadedMessage } from './status-messages';

describe('status messages', () => {
  it('names what was created', () => {
    expect(createdMessage('drawer_object')).toBe('Drawer created');
    expect(createdMessage('url_note_object')).toBe('URL note created');
  });
  it('names what went to the Trash', () => {
    expect(deletedMessage(['binder_object'])).toBe('Binder moved to the Trash');
    expect(deletedMessage(['file_object', 'note_object'])).toBe('2 items moved to the Trash');
    expect(deletedMessage(['drawer_object', 'binder_object'])).toBe(
      '2 folders moved to the Trash, with their content',
    );
    expect(deletedMessage(['drawer_object', 'note_object', 'file_object'])).toBe(
      '1 folder and 2 items moved to the Trash',
    );
  });
  it('counts moves and uploads', () => {
    expect(movedMessage(1, 'Taxes')).toBe('1 item moved to Taxes');
    expect(uploadedMessage(3, 0)).toBe('3 files uploaded');
    expect(uploadedMessage(1, 2)).toBe('1 file uploaded, 2 not uploaded');
  });
});
