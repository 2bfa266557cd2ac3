import { expect, test } from './fixtures';

test('the success screen draws its confetti under the content security policy', async ({
  page,
}) => {
  const violaciones: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violaciones.push(message.text());
  });
  await page.goto('/success?payment_id=123');
  await expect(page.getByRole('heading', { name: 'Felicidades por tu compra' })).toBeVisible();
  // canvas-confetti adds a full-window canvas and paints particles on it.
  await expect
    .poll(() =>
      page.evaluate(() => {
        for (const canvas of Array.from(document.querySelectorAll('canvas'))) {
          const pixeles = canvas
            .getContext('2d')
            ?.getImageData(0, 0, canvas.width, canvas.height).data;
          if (pixeles?.some((valor: number, i: number) => i % 4 === 3 && valor > 0)) return true;
        }
        return false;
      }),
    )
    .toBe(true);
  expect(violaciones).toEqual([]);
});
