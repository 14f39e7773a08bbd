#!/usr/bin/env node
// Quote a parcel from the command line:
//   node bin/quote.js --from 1012AB --to 9711AA --weight 2.5 --size 30x20x10
import { parseArgs } from 'node:util';
import { euros, parseSize, quote } from '../src/rates.js';

const USAGE = 'usage: quote.js --from POSTCODE --to POSTCODE --weight KG --size LxWxH';

function main(argv) {
  const { values } = parseArgs({
    args: argv,
    options: {
      from: { type: 'string' },
      to: { type: 'string' },
      weight: { type: 'string' },
      size: { type: 'string' },
    },
  });
  if (!values.from || !values.to || !values.weight || !values.size) {
    process.stderr.write(`${USAGE}\n`);
    return 2;
  }
  try {
    const q = quote({
      from: values.from,
      to: values.to,
      grams: Math.round(Number(values.weight) * 1000),
      size: parseSize(values.size),
    });
    const lines = [`zone ${q.zone}, charged as ${q.chargeableGrams} g`];
    for (const o of q.options) {
      lines.push(`${o.service.padEnd(10)} EUR ${euros(o.cents).padStart(6)}  ${o.days} day(s)`);
    }
    process.stdout.write(`${lines.join('\n')}\n`);
    return 0;
  } catch (err) {
    if (!(err instanceof RangeError)) throw err;
    process.stderr.write(`quote: ${err.message}\n`);
    return 1;
  }
}

process.exitCode = main(process.argv.slice(2));
