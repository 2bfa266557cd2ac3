/** One figure of the bench's table; `ok` is null for a figure without a budget. */
export interface Row {
  figure: string;
  value: string;
  budget: string;
  ok: boolean | null;
}

/** Prints the table of figures beside their budgets; returns how many are over budget. */
export function imprimirTabla(table: Row[], titulo = 'Benchmark'): number {
  const width = Math.max(...table.map((r) => r.figure.length));
  console.log(`\n━━━ ${titulo} ━━━`);
  console.log(
    `${'Cifra'.padEnd(width)}  ${'Valor'.padEnd(28)}  ${'Presupuesto'.padEnd(11)}  Estado`,
  );
  for (const r of table) {
    const estado = r.ok === null ? '' : r.ok ? 'OK' : 'EXCEDIDO';
    console.log(
      `${r.figure.padEnd(width)}  ${r.value.padEnd(28)}  ${r.budget.padEnd(11)}  ${estado}`,
    );
  }
  const failed = table.filter((r) => r.ok === false).length;
  console.log(
    failed
      ? `\n${failed} cifra(s) fuera de presupuesto`
      : '\nTodas las cifras dentro del presupuesto',
  );
  return failed;
}
