/** The name and version this service reports about itself. */
export const info = { name: "jobfit", version: "0.1.0" } as const
