// A schema maps field names to lists of rules and validates a whole form.
//
// Order is deterministic: fields are checked in the order they were declared,
// and the rules of a field in the order they are listed.

function normalise(fields) {
  const out = {};
  for (const [name, rules] of Object.entries(fields)) {
    const list = Array.isArray(rules) ? rules : [rules];
    for (const rule of list) {
      if (typeof rule !== 'function') {
        throw new TypeError(`rule for field "${name}" must be a function, got ${typeof rule}`);
      }
    }
    out[name] = list;
  }
  return out;
}

function createSchema(fields, options = {}) {
  const { bail = true } = options;
  const rulesByField = normalise(fields);
  const names = Object.keys(rulesByField);

  function validateField(name, values = {}) {
    const rules = rulesByField[name];
    if (!rules) throw new Error(`unknown field "${name}"; known fields: ${names.join(', ')}`);
    const errors = [];
    for (const rule of rules) {
      const found = rule(values[name], values);
      if (found) {
        errors.push({ field: name, ...found });
        if (bail) break;
      }
    }
    return errors;
  }

  function validate(values = {}) {
    const errors = {};
    for (const name of names) {
      const fieldErrors = validateField(name, values);
      if (fieldErrors.length > 0) errors[name] = fieldErrors;
    }
    return { valid: Object.keys(errors).length === 0, errors };
  }

  return { fields: names, validate, validateField };
}

module.exports = { createSchema };
