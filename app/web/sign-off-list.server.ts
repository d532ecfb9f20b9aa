import type { Actor } from "~/models/actors.server";
import { listSignOffs } from "~/models/sign-off-cards.server";
import { PAGE_PARAM, pageNumber } from "~/shared/paging";
import { SIGN_OFF_STATES } from "~/shared/sign-offs";
import { expectFound } from "./errors.server";

/*
 * The request side of a space's Sign-offs tab, shared by its two pages (agency and team
 * at /spaces/{id}/sign-offs, clients at /client/chat/{id}/sign-offs). Who may see which
 * space's sign-offs is the model's.
 */

/** A row holds a file, its state, who is asked and the latest answer: taller than a roster's, so fewer to a page. */
const SIGN_OFFS_PER_PAGE = 20;

/** The page of sign-offs the address asks for: `state` (anything but one of the four is all of them) and `page`. */
export async function loadSignOffList(request: Request, actor: Actor, spaceId: string) {
  const params = new URL(request.url).searchParams;
  const state = SIGN_OFF_STATES.find((known) => known === params.get("state")) ?? null;
  const requested = pageNumber(params.get(PAGE_PARAM));
  const perPage = SIGN_OFFS_PER_PAGE;
  const first = await expectFound(listSignOffs(actor, spaceId, { state, page: requested, perPage }));
  const pageCount = Math.max(1, Math.ceil(first.total / perPage));
  // Past the end (the list shrank under a link) is the last page, as every long list answers (takePage).
  const page = Math.min(requested, pageCount);
  const { signOffs, total } =
    page === requested ? first : await expectFound(listSignOffs(actor, spaceId, { state, page, perPage }));
  return { signOffs, state, page, pageCount, perPage, total };
}
