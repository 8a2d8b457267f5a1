import { atom } from 'jotai';

/** Per table: the field ids the grid shows (at most FIELD_LIST_CAP); absent = the first ones. */
export const shownFieldsAtom = atom<Record<string, string[]>>({});
