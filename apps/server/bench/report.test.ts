import { describe, expect, it } from 'vitest';
import { type FigureRow, formatRatio, formatReportTable, formatTargets } from './report';

const rows: FigureRow[] = [
  {
    key: 'a',
    figure: 'API list: req/s',
    value: '4,000 req/s',
    baseline: '10,000 req/s',
    ratio: '40.0%',
    targets: [
      { label: '≥ 50% (#2)', isMet: false },
      { label: 'x', isMet: true },
    ],
  },
  { key: 'b', figure: 'upload wall time', value: '1,994 ms' },
];

describe('formatReportTable', () => {
  it('lines every column up under its header', () => {
    const lines = formatReportTable(rows).split('\n');
    expect(lines).toHaveLength(4);
    const [header, , first, second] = lines as [string, string, string, string];
    const valueColumn = header.indexOf('value');
    expect(first.indexOf('4,000 req/s')).toBe(valueColumn);
    expect(second.indexOf('1,994 ms')).toBe(valueColumn);
    expect(first.indexOf('10,000 req/s')).toBe(header.indexOf('baseline'));
    expect(first.indexOf('≥ 50% (#2) MISSED')).toBe(header.indexOf('target'));
  });
});

describe('formatTargets', () => {
  it('says MISSED for a target not met and met for one met', () => {
    expect(formatTargets(rows[0]?.targets)).toBe('≥ 50% (#2) MISSED · x met');
    expect(formatTargets(undefined)).toBe('');
  });
});

describe('formatRatio', () => {
  it('gives a percentage with one decimal, n/a without a baseline', () => {
    expect(formatRatio(617, 1000)).toBe('61.7%');
    expect(formatRatio(5, 0)).toBe('n/a');
  });
});
