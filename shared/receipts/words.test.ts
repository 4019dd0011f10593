import { describe, expect, it } from 'vitest';
import { readFacts } from './words';

describe('readFacts', () => {
  it('counts the nodes of a tree left out of a journaled receipt from its omission marker', () => {
    const marker = {
      $omitted: true,
      type: 'array',
      count: 412,
      length: 90_000,
      sha256: 'a'.repeat(64),
      evidence: { kind: 'tree', sha256: 'a'.repeat(64) },
    };
    const facts = readFacts({
      tool: 'observe',
      observation_after: { screen: { width: 1080, height: 2400 }, nodes: marker },
    } as never);
    expect(facts).toEqual([{ label: 'Saw', value: '412 nodes on a 1080×2400 screen' }]);
  });
  it('counts the nodes of a tree kept inline', () => {
    const facts = readFacts({ tool: 'observe', observation_after: { nodes: [{}, {}] } } as never);
    expect(facts).toEqual([{ label: 'Saw', value: '2 nodes' }]);
  });
});
