/** A one-page PDF with these lines of text (Helvetica), written by hand: a CV fixture with a text layer. */
export declare const pdf: (lines: ReadonlyArray<string>, options?: {
    readonly encrypted?: boolean;
}) => Uint8Array;
/** A zip of deflated entries (what a .docx is), with the sizes each entry's header claims. */
export declare const zip: (entries: ReadonlyArray<readonly [string, Uint8Array | string]>, claims?: {
    readonly unpacked?: number;
}) => Uint8Array;
/** A Word document (.docx) with one paragraph a line. */
export declare const docx: (lines: ReadonlyArray<string>, claims?: {
    readonly unpacked?: number;
}) => Uint8Array;
/** The lines of a CV, as a person writes one. */
export declare const cvLines: string[];
//# sourceMappingURL=CvFiles.d.ts.map