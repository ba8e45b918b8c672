/** Says once, at the top of the run, which database engines the storage tests run on. */
export default function setup(): void {
  const engines = ['sqlite', ...(process.env.TEST_DATABASE_URL ? ['postgres'] : [])];
  console.log(`[server tests] database engines: ${engines.join(', ')}`);
}
