import { describe, expect, it } from 'vitest';
import { csvField, neutraliseFormula, slugify, toCsv } from './csv.js';

describe('csv', () => {
  it('should write plain strings and numbers unchanged and leave empty cells empty', () => {
    expect(csvField('Pat Player')).toBe('Pat Player');
    expect(csvField(12)).toBe('12');
    expect(csvField(0)).toBe('0');
    expect(csvField(null)).toBe('');
    expect(csvField(undefined)).toBe('');
  });

  it('should keep negative numbers we computed as numbers', () => {
    expect(csvField(-3)).toBe('-3');
    expect(csvField(-3.5)).toBe('-3.5');
  });

  it('should refuse numbers a spreadsheet cannot read', () => {
    expect(() => csvField(Number.NaN)).toThrow(/not a number/);
    expect(() => csvField(Number.POSITIVE_INFINITY)).toThrow(/not a number/);
  });

  it('should quote fields with a comma, a quote, CR or LF, doubling the quotes', () => {
    expect(csvField('Smith, Pat')).toBe('"Smith, Pat"');
    expect(csvField('Pat "The Pick" Player')).toBe('"Pat ""The Pick"" Player"');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField('carriage\rreturn')).toBe('"carriage\rreturn"');
    expect(csvField('"')).toBe('""""');
  });

  it('should neutralise string cells that would start a formula', () => {
    expect(neutraliseFormula('=1+1')).toBe("'=1+1");
    expect(neutraliseFormula('+1')).toBe("'+1");
    expect(neutraliseFormula('-2')).toBe("'-2");
    expect(neutraliseFormula('@cmd')).toBe("'@cmd");
    expect(neutraliseFormula('\tTab')).toBe("'\tTab");
    expect(neutraliseFormula('\rCR')).toBe("'\rCR");
    expect(neutraliseFormula('a=b')).toBe('a=b');
    expect(neutraliseFormula("'quoted")).toBe("'quoted");
  });

  it('should neutralise before quoting', () => {
    expect(csvField('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvField('-2, really')).toBe(`"'-2, really"`);
    expect(csvField('\rCR')).toBe(`"'\rCR"`);
  });

  it('should write a BOM, a header and CRLF-ended records', () => {
    expect(
      toCsv(
        ['Player', 'Points'],
        [
          ['Pat', 6],
          ['Smith, Jo', -3],
          ['@x', null],
        ],
      ),
    ).toBe('\uFEFFPlayer,Points\r\nPat,6\r\n"Smith, Jo",-3\r\n\'@x,\r\n');
    expect(toCsv(['Only'], [])).toBe('\uFEFFOnly\r\n');
  });

  it('should slugify pool names for file names', () => {
    expect(slugify('Sunday Funday Pool')).toBe('sunday-funday-pool');
    expect(slugify('  Café Crème -- 2025!  ')).toBe('cafe-creme-2025');
    expect(slugify('Ωmega "Pool"')).toBe('ωmega-pool');
    expect(slugify('../../etc/passwd')).toBe('etc-passwd');
    expect(slugify('!!!')).toBe('pool');
  });
});
