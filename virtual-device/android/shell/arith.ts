// $((…)) arithmetic as mksh evaluates it: signed 32-bit integers (mksh's default), C operators and
// precedence, variables by name (unset or empty is 0), and = += -= *= /= %= assignments.

export class ArithError extends Error {}

type Vars = Map<string, string>;

const BINARY: ReadonlyArray<[number, readonly string[]]> = [
  [1, ['||']],
  [2, ['&&']],
  [3, ['|']],
  [4, ['^']],
  [5, ['&']],
  [6, ['==', '!=']],
  [7, ['<=', '>=', '<', '>']],
  [8, ['<<', '>>']],
  [9, ['+', '-']],
  [10, ['*', '/', '%']],
];
const TOKEN =
  /^\s*(0[xX][0-9a-fA-F]+|\d+|[A-Za-z_][A-Za-z0-9_]*|<<=|>>=|\|\||&&|==|!=|<=|>=|<<|>>|[-+*/%]=|[-+*/%<>&|^!~?:()=])/;

const int32 = (n: number) => n | 0;

function apply(op: string, a: number, b: number): number {
  switch (op) {
    case '||':
      return Number(a !== 0 || b !== 0);
    case '&&':
      return Number(a !== 0 && b !== 0);
    case '|':
      return a | b;
    case '^':
      return a ^ b;
    case '&':
      return a & b;
    case '==':
      return Number(a === b);
    case '!=':
      return Number(a !== b);
    case '<=':
      return Number(a <= b);
    case '>=':
      return Number(a >= b);
    case '<':
      return Number(a < b);
    case '>':
      return Number(a > b);
    case '<<':
      return a << b;
    case '>>':
      return a >> b;
    case '+':
      return int32(a + b);
    case '-':
      return int32(a - b);
    case '*':
      return Math.imul(a, b);
  }
  if (b === 0) throw new ArithError('divided by zero');
  return op === '/' ? int32(Math.trunc(a / b)) : int32(a % b);
}

export function evaluateArithmetic(expr: string, vars: Vars): number {
  const tokens: string[] = [];
  for (let rest = expr; rest.trim() !== '';) {
    const m = TOKEN.exec(rest);
    if (!m) throw new ArithError(`unexpected '${rest.trim()[0]}'`);
    tokens.push(m[1]!);
    rest = rest.slice(m[0].length);
  }
  let i = 0;
  const peek = () => tokens[i];
  const valueOf = (name: string): number => {
    const v = vars.get(name) ?? '';
    if (v.trim() === '') return 0;
    if (!/^\s*-?(0[xX][0-9a-fA-F]+|\d+)\s*$/.test(v)) throw new ArithError(`${v}: bad number`);
    return int32(Number(v));
  };
  const primary = (): number => {
    const t = tokens[i++];
    if (t === undefined) throw new ArithError('unexpected end of expression');
    if (t === '(') {
      const v = ternary();
      if (tokens[i++] !== ')') throw new ArithError("missing ')'");
      return v;
    }
    if (t === '-' || t === '+' || t === '!' || t === '~') {
      const v = primary();
      return t === '-' ? int32(-v) : t === '+' ? v : t === '!' ? Number(v === 0) : ~v;
    }
    if (/^\d/.test(t)) return int32(Number(t));
    if (/^[A-Za-z_]/.test(t)) {
      const op = peek();
      if (op !== undefined && /^[-+*/%]?=$/.test(op) && op !== '==') {
        i++;
        const rhs = ternary();
        const v = op === '=' ? rhs : apply(op[0]!, valueOf(t), rhs);
        vars.set(t, String(v));
        return v;
      }
      return valueOf(t);
    }
    throw new ArithError(`unexpected '${t}'`);
  };
  const binary = (level: number): number => {
    if (level > BINARY.length) return primary();
    const [, ops] = BINARY[level - 1]!;
    let left = binary(level + 1);
    while (peek() !== undefined && ops.includes(peek()!)) {
      const op = tokens[i++]!;
      left = apply(op, left, binary(level + 1));
    }
    return left;
  };
  const ternary = (): number => {
    const cond = binary(1);
    if (peek() !== '?') return cond;
    i++;
    const a = ternary();
    if (tokens[i++] !== ':') throw new ArithError("missing ':'");
    const b = ternary();
    return cond !== 0 ? a : b;
  };
  if (tokens.length === 0) return 0;
  const v = ternary();
  if (i < tokens.length) throw new ArithError(`unexpected '${tokens[i]}'`);
  return v;
}
