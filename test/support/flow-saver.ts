// A child process for the crash test of the flow library: saves flow versions FROM, FROM+1, … over the same
// library files (in turn), printing `saving N` before and `saved N` after each save, until it is killed.
import { FlowLibrary } from '../../electron/flows/library';
import { sampleFlow } from '../../shared/flows/test-fixtures';

const [dir, fromText, ...ids] = process.argv.slice(2);
const library = new FlowLibrary(dir!);
for (let version = Number(fromText); ; version++) {
  const id = ids[version % ids.length]!;
  // Long steps make each write (~100 KB) big enough to be caught half-way by a kill.
  const filler = Array.from({ length: 20 }, () => ({ tool: 'input_text', args: { text: 'x'.repeat(5000) } }));
  const flow = { ...sampleFlow(), name: id, description: `v${version} `, steps: filler };
  process.stdout.write(`saving ${version}\n`);
  await library.save(flow, id);
  process.stdout.write(`saved ${version}\n`);
}
