import { PASSWORD_MAX } from './password-rule.js';

/** The user-facing validation messages of spec section 5, word for word where the spec gives them. */
export const MESSAGES = {
  usernameRequired: 'username required',
  usernameFormat: 'Use 3 to 32 letters, digits, dots, dashes or underscores',
  emailRequired: 'email required',
  emailInvalid: 'email must be a valid email',
  passwordRequired: 'password required',
  passwordTooLong: `Password must be at most ${PASSWORD_MAX} characters`,
  passwordsMustMatch: 'Passwords must match',
  currentPasswordNeeded: 'Enter your current password to set a new one',
  serviceRequired: 'Please check one checkbox',
  phoneRequired: 'Phone number is required',
  phoneInvalid: 'Invalid number',
  regionUnknown: 'Choose a country from the list',
  dobInvalid: 'Enter a valid date of birth',
  ageConfirmationRequired: 'Confirm that you are 18 or over, or that a parent or guardian consents',
  underAge:
    'Easio is for people of 18 and over: a parent or guardian may consent for a minor by ticking the box below',
  pictureInvalid: 'Picture must be an http(s) address',
  textTooLong: 'Too long',
} as const;
