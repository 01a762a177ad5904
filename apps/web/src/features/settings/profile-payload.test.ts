import type { UserInfo } from '@easio/shared';
import { describe, expect, it } from 'vitest';
import { accountFormValues, profilePayload } from './profile-payload';

const info: UserInfo = {
  id: '3f1c1e2a-8b7d-4c59-9a8e-1d2f3a4b5c6d',
  username: 'ann',
  first_name: 'Ann',
  last_name: '',
  email: 'ann@example.com',
  gender: '',
  dob: null,
  picture: null,
  region: 'IN',
  phone_number: null,
  whatsapp_active: false,
  dropbox_active: false,
  gdrive_active: false,
  gmail_active: false,
  onboarding_completed: true,
  root_folder: '9e8d7c6b-5a49-4382-8716-a5b4c3d2e1f0',
  google_only: false,
  email_verified: true,
};

describe('profile payload', () => {
  it('sends nothing when nothing changed', () => {
    expect(profilePayload(accountFormValues(info), info)).toEqual({});
  });

  it('sends only the changed fields', () => {
    const values = {
      ...accountFormValues(info),
      first_name: 'Ann Lee',
      gender: 'female' as const,
      dob: '1990-02-28',
    };
    expect(profilePayload(values, info)).toEqual({
      first_name: 'Ann Lee',
      gender: 'female',
      dob: '1990-02-28',
    });
  });

  it('sends both passwords, by their wire names, only when a new one is entered', () => {
    const base = accountFormValues(info);
    expect(profilePayload({ ...base, hashed_password: 'old12345!' }, info)).toEqual({});
    expect(
      profilePayload({ ...base, hashed_password: 'old12345!', current_password: 'new12345!' }, info),
    ).toEqual({
      hashed_password: 'old12345!',
      current_password: 'new12345!',
    });
  });
});
