// Field validators. Each factory returns a rule: a function `(value, values)` that
// returns null when the value is acceptable, or an error `{ code, params }`.
// Every rule except `required` accepts empty values, so optional fields pass.

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function isEmpty(value) {
  if (value === undefined || value === null) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (Array.isArray(value)) return value.length === 0;
  return false;
}

function error(code, params) {
  return params ? { code, params } : { code };
}

function required() {
  return function requiredRule(value) {
    return isEmpty(value) ? error('required') : null;
  };
}

function minLength(min) {
  return function minLengthRule(value) {
    if (isEmpty(value)) return null;
    return String(value).length < min ? error('minLength', { min }) : null;
  };
}

function maxLength(max) {
  return function maxLengthRule(value) {
    if (isEmpty(value)) return null;
    return String(value).length > max ? error('maxLength', { max }) : null;
  };
}

function pattern(regex, code = 'pattern') {
  return function patternRule(value) {
    if (isEmpty(value)) return null;
    regex.lastIndex = 0;
    return regex.test(String(value)) ? null : error(code);
  };
}

function email() {
  return pattern(EMAIL, 'email');
}

function toNumber(value) {
  if (typeof value === 'number') return value;
  const text = String(value).trim().replace(',', '.');
  return text === '' ? NaN : Number(text);
}

function numberRange({ min = -Infinity, max = Infinity } = {}) {
  return function numberRangeRule(value) {
    if (isEmpty(value)) return null;
    const number = toNumber(value);
    if (Number.isNaN(number)) return error('number');
    if (number < min) return error('min', { min });
    if (number > max) return error('max', { max });
    return null;
  };
}

function oneOf(options) {
  const allowed = new Set(options);
  return function oneOfRule(value) {
    if (isEmpty(value)) return null;
    return allowed.has(value) ? null : error('oneOf', { options: [...allowed] });
  };
}

module.exports = {
  isEmpty,
  required,
  minLength,
  maxLength,
  pattern,
  email,
  numberRange,
  oneOf,
};
