import { writeFileSync } from 'node:fs';
import { startApp } from './support/app';
it('dumps', async () => {
  const app = await startApp();
  const r = await app.getHttpAdapter().getInstance().inject({ method: 'GET', url: '/openapi.json' });
  writeFileSync(process.env.OPENAPI_OUT as string, JSON.stringify(JSON.parse(r.body), null, 2));
  const g = await app.getHttpAdapter().getInstance().inject({ method: 'GET', url: '/games' });
  writeFileSync(`${process.env.OPENAPI_OUT}.games`, JSON.stringify(JSON.parse(g.body), null, 2));
  await app.close();
});
