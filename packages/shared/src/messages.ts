/** The user-facing validation messages of spec section 5, word for word where the spec gives them. */
export const MESSAGES = {
  usernameRequired: 'username required',
  usernameFormat: 'Use 3 to 32 letters, digits, dots, dashes or underscores',
  emailRequired: 'email required',
  emailInvalid: 'email must be a valid email',
  passwordRequired: 'password required',
  passwordPattern:
    'Must Contain 8 Characters, One Uppercase, One Lowercase, One Number and one special case Character',
  passwordTooLong: 'Password must be at most 128 characters',
  passwordsMustMatch: 'Passwords must match',
  currentPasswordNeeded: 'Enter your current password to set a new one',
  serviceRequired: 'Please check one checkbox',
  phoneRequired: 'Phone number is required',
  phoneInvalid: 'Invalid number',
  regionUnknown: 'Choose a country from the list',
  dobInvalid: 'Enter a valid date of birth',
  underAge:
    'Easio is for people of 18 and over: a parent or guardian may consent for a minor by ticking the box below',
  pictureInvalid: 'Picture must be an http(s) address',
  textTooLong: 'Too long',
} as const;
