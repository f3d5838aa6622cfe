export default async function globalTeardown(): Promise<void> {
  const pg = (globalThis as { __turnbasePg?: { stop(): Promise<void> } }).__turnbasePg;
  if (pg) await pg.stop();
}
