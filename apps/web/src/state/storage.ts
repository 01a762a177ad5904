import { type Services, type SessionUser, SIGNUP_SERVICES, STORAGE_KEYS, type UserInfo } from '@easio/shared';

/** The Google redirect parameters of spec section 3, kept under `userData`. */
export interface GoogleUserData {
  access_token: string;
  token_type: string;
  name: string;
  email: string;
  profile_picture: string;
}

/** What each local storage key of the spec holds. */
export interface StoredValues {
  user: SessionUser;
  info: UserInfo;
  tempUser: SessionUser;
  googleToken: string;
  userData: GoogleUserData;
  activeStep: number;
  validationStep: number;
  service: Services;
}

export type StorageKey = keyof StoredValues;

type Guard<T> = (value: unknown) => value is T;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const isString = (value: unknown): value is string => typeof value === 'string';

export function isSessionUser(value: unknown): value is SessionUser {
  return (
    isRecord(value) &&
    ['access_token', 'root_folder', 'user_id', 'email'].every((k) => isString(value[k]) && value[k] !== '')
  );
}

/** Stored info is only ever written from a validated server answer; this checks its identity fields. */
function isUserInfo(value: unknown): value is UserInfo {
  return isRecord(value) && isString(value.id) && isString(value.email) && isString(value.username);
}

function isStep(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= 3;
}

function isServices(value: unknown): value is Services {
  return isRecord(value) && SIGNUP_SERVICES.every((s) => typeof value[s] === 'boolean');
}

function isGoogleUserData(value: unknown): value is GoogleUserData {
  return (
    isRecord(value) &&
    ['access_token', 'token_type', 'name', 'email', 'profile_picture'].every((k) => isString(value[k]))
  );
}

const guards: { [K in StorageKey]: Guard<StoredValues[K]> } = {
  user: isSessionUser,
  info: isUserInfo,
  tempUser: isSessionUser,
  googleToken: isString,
  userData: isGoogleUserData,
  activeStep: isStep,
  validationStep: isStep,
  service: isServices,
};

export interface TypedStorage {
  get<K extends StorageKey>(key: K): StoredValues[K] | null;
  set<K extends StorageKey>(key: K, value: StoredValues[K]): void;
  remove(...keys: StorageKey[]): void;
}

/**
 * JSON values under the spec's keys, checked on the way out: a missing, unreadable or malformed entry
 * reads as null. A storage that throws (private browsing, quota) never breaks the app.
 */
export function createTypedStorage(storage: Storage | undefined): TypedStorage {
  return {
    get(key) {
      let raw: string | null = null;
      try {
        raw = storage?.getItem(STORAGE_KEYS[key]) ?? null;
      } catch {
        return null;
      }
      if (raw === null) return null;
      try {
        const value: unknown = JSON.parse(raw);
        return guards[key](value) ? value : null;
      } catch {
        return null;
      }
    },
    set(key, value) {
      try {
        storage?.setItem(STORAGE_KEYS[key], JSON.stringify(value));
      } catch {
        // Nothing to do: the value lives on in memory for this page.
      }
    },
    remove(...keys) {
      for (const key of keys) {
        try {
          storage?.removeItem(STORAGE_KEYS[key]);
        } catch {
          // As above.
        }
      }
    },
  };
}

function browserStorage(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage;
  } catch {
    return undefined;
  }
}

/** The app's local storage. */
export const localStore = createTypedStorage(browserStorage());
