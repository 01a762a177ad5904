import type { Gender, UserInfo } from '@easio/shared';
import type { UserRow } from '../db/schema.js';
import { hasPassword } from './passwords.js';

/** A user row as the wire's user info: every field of spec section 3, never the password hash. */
export function toUserInfo(row: UserRow): UserInfo {
  if (!row.rootFolder) throw new Error(`user ${row.id} has no root folder`);
  return {
    id: row.id,
    username: row.username,
    first_name: row.firstName,
    last_name: row.lastName,
    email: row.email,
    gender: (row.gender === 'male' || row.gender === 'female' ? row.gender : '') satisfies Gender,
    dob: row.dob,
    picture: row.picture,
    region: row.region,
    phone_number: row.phoneNumber,
    whatsapp_active: row.whatsappActive,
    dropbox_active: row.dropboxActive,
    gdrive_active: row.gdriveActive,
    gmail_active: row.gmailActive,
    onboarding_completed: row.onboardingCompleted,
    root_folder: row.rootFolder,
    google_only: !hasPassword(row.passwordHash),
    email_verified: row.emailVerifiedAt !== null,
  };
}
