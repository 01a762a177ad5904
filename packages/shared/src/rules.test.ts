import { describe, expect, it } from 'vitest';
import {
  editProfilePayloadSchema,
  loginFormSchema,
  profileChangesFromWire,
  servicesSchema,
  signupFormSchema,
  signupPayloadSchema,
} from './auth.js';
import { COUNTRIES, findCountry } from './countries.js';
import { MESSAGES } from './messages.js';
import { ageOn, phoneNumberRule } from './rules.js';
import { searchDateSpan } from './search.js';

function messages(result: {
  success: boolean;
  error?: { issues: { message: string; path: PropertyKey[] }[] };
}) {
  return (result.error?.issues ?? []).map((i) => `${i.path.join('.')}: ${i.message}`);
}

describe('login form (spec section 5)', () => {
  it('needs a username', () => {
    expect(messages(loginFormSchema.safeParse({ username: '  ', password: 'abcd123!' }))).toEqual([
      'username: username required',
    ]);
  });

  it('needs a password, but does not hold it to the sign-up rule (older passwords still sign in)', () => {
    expect(messages(loginFormSchema.safeParse({ username: 'ann', password: '  ' }))).toEqual([
      'password: password required',
    ]);
    expect(loginFormSchema.safeParse({ username: 'ann', password: 'secret12#' }).success).toBe(true);
  });

  it('trims and lower-cases the username and trims the password on submit', () => {
    expect(loginFormSchema.parse({ username: '  Ann@Example.COM ', password: ' secret12# ' })).toEqual({
      username: 'ann@example.com',
      password: 'secret12#',
    });
  });
});

describe('signup step 1', () => {
  const valid = {
    username: 'ann',
    email: 'ann@example.com',
    region: 'IN',
    password: 'Secret12#',
    confirm_password: 'Secret12#',
    age_confirmation: 'adult',
  };

  it('accepts a complete form', () => {
    expect(signupFormSchema.safeParse(valid).success).toBe(true);
  });

  it('says username required', () => {
    expect(messages(signupFormSchema.safeParse({ ...valid, username: '' }))).toEqual([
      'username: username required',
    ]);
  });

  it('says email required, and rejects a malformed one', () => {
    expect(messages(signupFormSchema.safeParse({ ...valid, email: '' }))).toEqual(['email: email required']);
    expect(messages(signupFormSchema.safeParse({ ...valid, email: 'ann@' }))).toEqual([
      `email: ${MESSAGES.emailInvalid}`,
    ]);
  });

  it('applies the password rule, naming what is missing', () => {
    expect(
      messages(signupFormSchema.safeParse({ ...valid, password: 'short1!', confirm_password: 'short1!' })),
    ).toEqual([
      'password: Needs 12 or more characters, or else 8 or more characters and an uppercase letter',
    ]);
  });

  it('needs the age confirmation: 18 or over, or a guardian consenting', () => {
    expect(messages(signupFormSchema.safeParse({ ...valid, age_confirmation: '' }))).toEqual([
      `age_confirmation: ${MESSAGES.ageConfirmationRequired}`,
    ]);
    expect(signupFormSchema.parse({ ...valid, age_confirmation: 'guardian' }).age_confirmation).toBe(
      'guardian',
    );
  });

  it('says Passwords must match', () => {
    expect(messages(signupFormSchema.safeParse({ ...valid, confirm_password: 'Secret12$' }))).toEqual([
      'confirm_password: Passwords must match',
    ]);
  });

  it('says every problem at once: the rule, the mismatch and the missing age confirmation', () => {
    expect(
      messages(
        signupFormSchema.safeParse({
          ...valid,
          password: 'weak',
          confirm_password: 'other',
          age_confirmation: '',
        }),
      ).sort(),
    ).toEqual([
      `age_confirmation: ${MESSAGES.ageConfirmationRequired}`,
      'confirm_password: Passwords must match',
      'password: Needs 12 or more characters, or else 8 or more characters, an uppercase letter, a digit and a symbol',
    ]);
  });

  it('refuses usernames with @ or spaces, which could shadow an e-mail at sign-in', () => {
    expect(messages(signupFormSchema.safeParse({ ...valid, username: 'bob@example.com' }))).toEqual([
      `username: ${MESSAGES.usernameFormat}`,
    ]);
  });
});

describe('signup payload', () => {
  it('lower-cases the e-mail, upper-cases the region and rejects extra fields', () => {
    expect(
      signupPayloadSchema.parse({
        username: 'ann',
        email: 'Ann@Example.com',
        hashed_password: 'Secret12#',
        region: 'in',
        age_confirmation: 'adult',
      }),
    ).toEqual({
      username: 'ann',
      email: 'ann@example.com',
      hashed_password: 'Secret12#',
      region: 'IN',
      age_confirmation: 'adult',
    });
    expect(
      signupPayloadSchema.safeParse({
        username: 'ann',
        email: 'a@b.co',
        hashed_password: 'Secret12#',
        age_confirmation: 'adult',
        admin: true,
      }).success,
    ).toBe(false);
  });

  it('needs the age confirmation', () => {
    const payload = { username: 'ann', email: 'a@b.co', hashed_password: 'Secret12#' };
    expect(messages(signupPayloadSchema.safeParse(payload))).toEqual([
      `age_confirmation: ${MESSAGES.ageConfirmationRequired}`,
    ]);
    expect(messages(signupPayloadSchema.safeParse({ ...payload, age_confirmation: 'yes' }))).toEqual([
      `age_confirmation: ${MESSAGES.ageConfirmationRequired}`,
    ]);
  });

  it('rejects a region that is not in the country list', () => {
    expect(
      messages(
        signupPayloadSchema.safeParse({
          username: 'ann',
          email: 'a@b.co',
          hashed_password: 'Secret12#',
          region: 'XX',
          age_confirmation: 'adult',
        }),
      ),
    ).toEqual([`region: ${MESSAGES.regionUnknown}`]);
  });
});

describe('signup step 2', () => {
  const none = {
    google_service: false,
    dropbox_service: false,
    extension_service: false,
    whatsapp_service: false,
  };
  it('says Please check one checkbox when nothing is ticked', () => {
    expect(messages(servicesSchema.safeParse(none))).toEqual(['services: Please check one checkbox']);
  });
  it('accepts one, and does not cap at three', () => {
    expect(servicesSchema.safeParse({ ...none, dropbox_service: true }).success).toBe(true);
    expect(
      servicesSchema.safeParse({
        google_service: true,
        dropbox_service: true,
        extension_service: true,
        whatsapp_service: true,
      }).success,
    ).toBe(true);
  });
});

describe('WhatsApp number', () => {
  it.each([
    ['', 'Phone number is required'],
    ['1234567', 'Invalid number'],
    ['12345abc9', 'Invalid number'],
    ['+919876543210', 'Invalid number'],
  ])('%j → %s', (value, message) => {
    expect(phoneNumberRule.safeParse(value).error?.issues[0]?.message).toBe(message);
  });
  it('accepts more than 7 digits', () => {
    expect(phoneNumberRule.parse(' 98765432 ')).toBe('98765432');
  });
});

describe('search date span', () => {
  it('sends start of day and 23:59:59 UTC when both dates are given', () => {
    expect(searchDateSpan('2024-03-01', '2024-03-31')).toEqual({
      start_date: '2024-03-01T00:00:00.000Z',
      end_date: '2024-03-31T23:59:59.000Z',
    });
  });
  it('sends nothing unless both are given', () => {
    expect(searchDateSpan('2024-03-01', undefined)).toBeNull();
  });
});

describe('profile edit', () => {
  it('maps the spec odd names: hashed_password is the current password, current_password the new one', () => {
    const wire = editProfilePayloadSchema.parse({
      hashed_password: 'old12345!',
      current_password: 'New12345!',
      first_name: 'Ann',
    });
    expect(profileChangesFromWire(wire)).toEqual({
      firstName: 'Ann',
      passwordChange: { current: 'old12345!', next: 'New12345!' },
    });
  });
  it('converts dob to a date and refuses impossible or future ones', () => {
    expect(profileChangesFromWire(editProfilePayloadSchema.parse({ dob: '1990-02-28' }))).toEqual({
      birthDate: '1990-02-28',
    });
    expect(editProfilePayloadSchema.safeParse({ dob: '1990-02-30' }).success).toBe(false);
    expect(editProfilePayloadSchema.safeParse({ dob: '2999-01-01' }).success).toBe(false);
  });
  it('accepts the read-only info fields the client echoes back, and ignores them', () => {
    const wire = editProfilePayloadSchema.parse({
      id: 'x',
      root_folder: 'y',
      whatsapp_active: true,
      gender: '',
    });
    expect(profileChangesFromWire(wire)).toEqual({ gender: '' });
  });
  it('rejects fields that are not user info', () => {
    expect(editProfilePayloadSchema.safeParse({ is_admin: true }).success).toBe(false);
  });
  it('holds new passwords to the password rule', () => {
    expect(
      editProfilePayloadSchema.safeParse({ hashed_password: 'old12345!', current_password: 'weak' }).error
        ?.issues[0]?.message,
    ).toBe(
      'Needs 12 or more characters, or else 8 or more characters, an uppercase letter, a digit and a symbol',
    );
    expect(
      editProfilePayloadSchema.safeParse({
        hashed_password: 'old12345!',
        current_password: 'Correct-Horse-42',
      }).success,
    ).toBe(true);
  });
});

describe('age', () => {
  it('counts whole years, the birthday itself included', () => {
    const today = new Date('2026-11-23T10:00:00Z');
    expect(ageOn('2008-11-23', today)).toBe(18);
    expect(ageOn('2008-11-24', today)).toBe(17);
    expect(ageOn('2008-12-01', today)).toBe(17);
    expect(ageOn('1990-01-01', today)).toBe(36);
  });

  it('refuses a date of birth under 18 unless a parent or guardian consents', () => {
    const minor = `${new Date().getUTCFullYear() - 10}-01-01`;
    expect(editProfilePayloadSchema.safeParse({ dob: minor }).error?.issues[0]).toMatchObject({
      path: ['dob'],
      message: MESSAGES.underAge,
    });
    expect(editProfilePayloadSchema.safeParse({ dob: minor, guardian_consent: true }).success).toBe(true);
    expect(editProfilePayloadSchema.safeParse({ dob: '1990-05-17' }).success).toBe(true);
  });
});

describe('country list', () => {
  it('has about 240 countries with name, dial code, flag and code', () => {
    expect(COUNTRIES.length).toBeGreaterThan(230);
    expect(findCountry('in')).toEqual({ name: 'India', dial_code: '+91', emoji: '🇮🇳', code: 'IN' });
  });
});
