import { STATES, type UsState } from './horse/constants.js';

/**
 * One list of states everywhere (docs/decisions/0052-member-addresses-and-country.md): a member's
 * address, typed by the member, the office or a CSV import, names a state of the same list the
 * horse form offers. Postal codes ("KY") and any letter case are accepted and stored as the name.
 */
const POSTAL_CODES: Record<string, UsState> = {
  AL: 'Alabama',
  AK: 'Alaska',
  AZ: 'Arizona',
  AR: 'Arkansas',
  CA: 'California',
  CO: 'Colorado',
  CT: 'Connecticut',
  DE: 'Delaware',
  FL: 'Florida',
  GA: 'Georgia',
  HI: 'Hawaii',
  ID: 'Idaho',
  IL: 'Illinois',
  IN: 'Indiana',
  IA: 'Iowa',
  KS: 'Kansas',
  KY: 'Kentucky',
  LA: 'Louisiana',
  ME: 'Maine',
  MD: 'Maryland',
  MA: 'Massachusetts',
  MI: 'Michigan',
  MN: 'Minnesota',
  MS: 'Mississippi',
  MO: 'Missouri',
  MT: 'Montana',
  NE: 'Nebraska',
  NV: 'Nevada',
  NH: 'New Hampshire',
  NJ: 'New Jersey',
  NM: 'New Mexico',
  NY: 'New York',
  NC: 'North Carolina',
  ND: 'North Dakota',
  OH: 'Ohio',
  OK: 'Oklahoma',
  OR: 'Oregon',
  PA: 'Pennsylvania',
  RI: 'Rhode Island',
  SC: 'South Carolina',
  SD: 'South Dakota',
  TN: 'Tennessee',
  TX: 'Texas',
  UT: 'Utah',
  VT: 'Vermont',
  VA: 'Virginia',
  WA: 'Washington',
  WV: 'West Virginia',
  WI: 'Wisconsin',
  WY: 'Wyoming',
};

const BY_NAME = new Map<string, UsState>(STATES.map((name) => [name.toLowerCase(), name]));

/** The list's name for `text` (a name in any case, or a postal code); undefined when none. */
export function usStateNamed(text: string): UsState | undefined {
  const key = text.trim().replace(/\s+/g, ' ');
  return BY_NAME.get(key.toLowerCase()) ?? POSTAL_CODES[key.toUpperCase()];
}

export const US_STATE_MESSAGE = 'State must be a US state, for example Kentucky or KY';
