/**
 * The real-world posting set (`../shared/realworld`, beside the repository): each file served on 127.0.0.1 where
 * the analyzer would fetch it, fetched and extracted by the real posting source, then analysed against the corpus
 * profiles. The files are read at run time and never copied into the repository (their text belongs to the
 * employers who wrote them).
 *
 * Serving: Greenhouse `GET /v1/boards/{board}/jobs/{id}`, Lever `GET /v0/postings/{site}/{id}`, Ashby
 * `GET /posting-api/job-board/{org}` (the board APIs pointed at this server); pages 31-38 at `/page/{file}` as they
 * are (34-38 are fragments and stay unwrapped). EMSCAD rows 39-50 have no page, so they are rendered into this
 * harness's own minimal page — the title as `<h1>`, a "Location:" line, then the company profile, description,
 * requirements and benefits under headings, their text as the dataset gives it (entities and placeholders kept) —
 * and given to the posting source as `posting_text` would be, with no fetch.
 */
import type { Analysis, Posting, Profile } from "@jobfit/core";
import { Either } from "effect";
export declare const realworldDir: import("url").URL;
export declare const available: () => boolean;
interface Source {
    readonly file: string;
    readonly kind: "greenhouse" | "lever" | "ashby" | "jsonld" | "html" | "text";
    readonly posting_url: string | null;
    readonly board_token?: string;
    readonly ashby_job_id?: string;
    readonly ground_truth: {
        readonly title: string | null;
        readonly company: string | null;
        readonly location: string | null;
        readonly is_scam: boolean | null;
    };
}
/** The harness's page for an EMSCAD row: the dataset's text as it is, under plain headings. */
export declare const emscadPage: (row: Readonly<Record<string, string>>) => string;
export interface PostingResult {
    readonly id: string;
    readonly kind: Source["kind"];
    readonly truth: Source["ground_truth"];
    readonly posting: Either.Either<Posting.Posting, string>;
    readonly title?: boolean;
    readonly company?: boolean;
    readonly location?: boolean;
    readonly analyses: ReadonlyArray<readonly [string, Analysis.Analysis]>;
    readonly scamFlagged: boolean;
    readonly ms: number;
}
/** The same location: equal as text, or the same place words in another order or spelling. */
export declare const sameLocation: (got: string, truth: string) => boolean;
/** Runs the whole set: one server, the real posting source, every profile. */
export declare const runRealWorld: (profiles: ReadonlyArray<readonly [string, Profile.Profile]>, now: Date) => Promise<ReadonlyArray<PostingResult>>;
export {};
//# sourceMappingURL=RealWorld.d.ts.map