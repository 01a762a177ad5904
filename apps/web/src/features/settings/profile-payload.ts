import type { EditProfilePayload, Gender, UserInfo } from '@easio/shared';

/** The account form's fields, named as the wire names them (`hashed_password` = current password). */
export interface AccountFormValues {
  first_name: string;
  username: string;
  email: string;
  gender: Gender;
  dob: string;
  /** The current password. */
  hashed_password: string;
  /** The new password. */
  current_password: string;
  /** A parent or guardian consents for a minor (asked when the date of birth is under 18). */
  guardian_consent: boolean;
}

export function accountFormValues(info: UserInfo): AccountFormValues {
  return {
    first_name: info.first_name,
    username: info.username,
    email: info.email,
    gender: info.gender,
    dob: info.dob ?? '',
    hashed_password: '',
    current_password: '',
    guardian_consent: false,
  };
}

const PROFILE_FIELDS = ['first_name', 'username', 'email', 'gender', 'dob'] as const;

/**
 * The edit_profile body: only the fields that changed, plus both passwords when a new one is entered.
 */
export function profilePayload(values: AccountFormValues, info: UserInfo): EditProfilePayload {
  const saved = accountFormValues(info);
  const payload: EditProfilePayload = {};
  for (const field of PROFILE_FIELDS) {
    if (values[field] !== saved[field]) Object.assign(payload, { [field]: values[field] });
  }
  if (payload.dob && values.guardian_consent) payload.guardian_consent = true;
  if (values.current_password.trim() !== '') {
    payload.hashed_password = values.hashed_password;
    payload.current_password = values.current_password;
  }
  return payload;
}
