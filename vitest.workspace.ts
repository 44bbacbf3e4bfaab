// The projects of the test run. vitest 3.2 reads them through `test.projects` in vitest.config.ts,
// which imports this list, so this file keeps working as the place to add a project.
export default ["packages/*", "test", "examples/*"]
