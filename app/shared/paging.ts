/*
 * Long lists (spaces, team members, clients, invitations, the admin's users) come a page
 * at a time, with how many there are in all, so that a list can say what it shows
 * ("Showing 51–100 of 300"). A plain module: the pager in the browser reads the same
 * page and the names of its query parameters.
 */

/** How many rows one page of a long list holds. */
export const PER_PAGE = 50;

/**
 * How many cards one page of a grid of them holds (the spaces lists): whole rows at two and
 * three columns, and on a phone's single column half the scrolling of fifty cards, each
 * card a dozen elements that the server draws and the phone lays out (issue 41).
 */
export const CARDS_PER_PAGE = 24;

/** The query parameter of a page's list; the rosters' invitations table pages by its own. */
export const PAGE_PARAM = "page";
export const INVITATION_PAGE_PARAM = "invitationPage";

/** A page number as an address gives it (`?page=`): a positive whole number, else the first page. */
export function pageNumber(value: string | null): number {
  const page = Number(value);
  return Number.isSafeInteger(page) && page > 0 ? page : 1;
}

export type Page<Item> = { items: Item[]; page: number; pageCount: number; perPage: number; total: number };

/**
 * The page asked for of the rows `count` counts, `perPage` a page, the rows of it taken by
 * `rows`. A page number that is not one (garbage, 0, a fraction's excess) means the first
 * page; one past the end, the last, so that a list that shrank under a link still shows
 * something.
 */
export async function takePage<Item>(
  requested: number,
  count: () => Promise<number>,
  rows: (range: { limit: number; offset: number }) => Promise<Item[]>,
  perPage = PER_PAGE,
): Promise<Page<Item>> {
  const total = await count();
  const pageCount = Math.max(1, Math.ceil(total / perPage));
  const page = Math.min(Math.max(1, Math.floor(requested) || 1), pageCount);
  const items = total ? await rows({ limit: perPage, offset: (page - 1) * perPage }) : [];
  return { items, page, pageCount, perPage, total };
}

/** A list with nothing in it, for who may see none. */
export function emptyPage<Item>(): Page<Item> {
  return { items: [], page: 1, pageCount: 1, perPage: PER_PAGE, total: 0 };
}
