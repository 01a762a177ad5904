// The part of geoip-country (no types of its own) that Easio uses.
declare module 'geoip-country' {
  export function lookup(ip: string): { country: string } | null;
}
